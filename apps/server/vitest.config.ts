import { defineProject } from 'vitest/config';

// `*.pg.test.ts` files need PostgreSQL (and Redis): they run only in the PostgreSQL pass (TEST_DB=postgres).
const isPostgresPass = process.env.TEST_DB === 'postgres';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: isPostgresPass ? ['**/node_modules/**'] : ['**/node_modules/**', 'src/**/*.pg.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
