import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { seedFromPage } from './app/page-data';
import { AppProviders, connectSession } from './app/providers';
import { AppRoutes } from './app/router';
import { initI18n } from './i18n';
import { createQueryClient } from './lib/query-client';
import './index.css';

const queryClient = createQueryClient();
connectSession(queryClient);
// The server's answers for this page, when it sent them (docs/decisions/013-first-load.md): no 'Please wait...' first.
seedFromPage(queryClient);

// Strings first (Tamil is fetched only when remembered), so the first paint is in the
// shopper's language.
// The first render runs in a task of its own, after the scripts' evaluation and i18next's
// start: two shorter tasks instead of one long one on a slow phone (docs/decisions/013-first-load.md).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void initI18n()
  .then(nextTask)
  .then(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('index.html lacks #root');
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
