// `npm start`: install what is missing, build what is stale, then run the whole product in one process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs an npm step quietly: its routine output (bundle sizes, advisory warnings) is shown only when the step
 * fails, so a start that works prints the product's own lines and nothing that looks like trouble.
 */
const run = (args) => {
  const result = spawnSync(npm, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status === 0) return;
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  process.exit(result.status ?? 1);
};

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/** The newest modification time of any file below the given folders. */
const newest = (folders) => {
  let latest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else latest = Math.max(latest, statSync(path).mtimeMs);
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder));
  return latest;
};

if (mtime(join(root, 'node_modules/.package-lock.json')) < mtime(join(root, 'package-lock.json'))) {
  console.log('Installing dependencies…');
  run(['install', '--no-audit', '--no-fund']);
}

const sources = newest([
  'packages/domain/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/public',
]);
const built = Math.min(
  mtime(join(root, 'apps/server/dist/main.js')),
  mtime(join(root, 'apps/web/dist/index.html')),
);
if (built < sources) {
  console.log('Building…');
  run(['run', 'build']);
}

// The server's Node flags: one list for `npm start`, the browser tests and the benchmarks (OPERATIONS.md says why).
const flags = JSON.parse(readFileSync(join(root, 'apps/server/node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...flags, 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
