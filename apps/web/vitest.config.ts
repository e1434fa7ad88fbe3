import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localeParts } from './locale-parts-plugin';

export default defineProject({
  plugins: [react(), localeParts()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Rendering the whole app through the router (several screens in one test) is slow under a busy CI.
    testTimeout: 15_000,
  },
});
