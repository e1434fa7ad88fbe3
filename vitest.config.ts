import { defineConfig } from 'vitest/config';

// One runner, three projects: the domain rules, the web components (jsdom), and the server's API tests.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web', 'apps/server'],
  },
});
