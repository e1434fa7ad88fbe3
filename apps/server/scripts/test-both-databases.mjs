// Runs the server's test suite on embedded PGlite, then on PostgreSQL when TEST_DATABASE_URL is set.
// Called from the repository root (npm run test:api) or from anywhere: paths come from this file.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const runSuite = (label, extraEnv) => {
  console.log(`\n▶ server tests on ${label}\n`);
  const env = { ...process.env, ...extraEnv };
  if (extraEnv.TEST_DB === undefined) delete env.TEST_DB;
  const result = spawnSync(npx, ['vitest', 'run', '--project', 'server'], {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
  });
  return result.status === 0;
};

const results = [['PGlite', runSuite('PGlite', { TEST_DB: undefined })]];
if (process.env.TEST_DATABASE_URL) {
  results.push(['PostgreSQL', runSuite('PostgreSQL', { TEST_DB: 'postgres' })]);
} else {
  console.log('\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run.');
}

for (const [label, passed] of results) console.log(`${passed ? '✓' : '✗'} ${label}`);
process.exit(results.every(([, passed]) => passed) ? 0 : 1);
