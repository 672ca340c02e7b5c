import { startApp } from './app/start';
import { browserServiceWorkerHost, registerServiceWorker } from './lib/service-worker';
import './index.css';

void startApp();
// Production builds only: the development server has no /sw.js, and a worker would keep its files.
if (import.meta.env.PROD && 'serviceWorker' in navigator) registerServiceWorker(browserServiceWorkerHost());
