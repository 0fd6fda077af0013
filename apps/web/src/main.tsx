import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import './app/global.css';
import { setForbiddenHandler } from './lib/api-client';
import { initI18n } from './lib/i18n';

async function start() {
  // The first catalogues are awaited so no screen ever flashes raw keys.
  await initI18n();
  const router = createAppRouter();
  setForbiddenHandler(() => void router.navigate('/signin'));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
