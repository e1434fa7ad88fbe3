import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { appQueryClient } from '../app/query-client';
import { loadAppTexts, loadShellTexts } from '../shared/i18n';

// Pages are loaded on first navigation (route-level code splitting): the router waits for the page's module
// before it shows anything, which takes longer than Testing Library's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// Components are rendered outside the router's /app route, which is what fetches the app's texts.
await Promise.all([loadShellTexts(), loadAppTexts()]);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  appQueryClient.clear();
});
