import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, connectSession } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './i18n';
import { createQueryClient } from './lib/query-client';
import './index.css';

const queryClient = createQueryClient();
connectSession(queryClient);
const router = createAppRouter();

// Strings first (Tamil is fetched only when remembered), so the first paint is in the
// shopper's language.
void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
