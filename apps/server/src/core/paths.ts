import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up to its package.json, so the same code works from
 * src (tsx, tests) and from the bundled dist/main.js.
 */
const findServerRoot = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The server package.json was not found');
    dir = parent;
  }
};

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');
