import { startApp } from './app/start';
import './index.css';

void startApp();
