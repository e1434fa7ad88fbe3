import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startInStoredLocale } from './shared/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A language other than Spanish is fetched first, so the first paint is already in it.
void startInStoredLocale().finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
