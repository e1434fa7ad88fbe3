import { defineProject } from 'vitest/config';

// `*.pg.test.ts` files need the machine's services (Redis): they run where TEST_DATABASE_URL is set (CI).
const hasMachineServices = Boolean(process.env.TEST_DATABASE_URL);

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: hasMachineServices ? ['**/node_modules/**'] : ['**/node_modules/**', 'src/**/*.pg.test.ts'],
    // Every test file runs on PostgreSQL: one server and one migrated template for the whole run.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
