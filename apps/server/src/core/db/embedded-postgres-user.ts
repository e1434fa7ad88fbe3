import { execFile } from 'node:child_process';
import { chmod, chown, stat } from 'node:fs/promises';
import { platform, userInfo } from 'node:os';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { EmbeddedPostgresLogger } from './embedded-postgres';

// Who the embedded server runs as: this process's user, or, run as root, the postgres system user.

/** The system user the server runs as, and the one its superuser role is named after. */
export const SUPERUSER = 'postgres';

const execFileAsync = promisify(execFile);

export type RunAs = { uid: number; gid: number } | undefined;

const idOf = async (flag: '-u' | '-g'): Promise<number | undefined> => {
  try {
    const { stdout } = await execFileAsync('id', [flag, SUPERUSER]);
    return Number.parseInt(stdout.trim(), 10);
  } catch {
    return undefined;
  }
};

/**
 * PostgreSQL refuses to run as root. Run as root (a container, a CI machine), the server runs as the
 * `postgres` system user instead, created when the machine has none.
 */
export const resolveRunAs = async (logger: EmbeddedPostgresLogger): Promise<RunAs> => {
  if (platform() === 'win32' || userInfo().uid !== 0) return undefined;
  if ((await idOf('-u')) === undefined) {
    logger.warn({ user: SUPERUSER }, 'running as root: creating the system user the database runs as');
    try {
      await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
    } catch {
      // Alpine and other busybox systems have adduser only.
      await execFileAsync('adduser', ['-S', '-D', '-H', SUPERUSER]);
    }
  }
  const uid = await idOf('-u');
  const gid = await idOf('-g');
  if (uid === undefined || gid === undefined)
    throw new Error(`The system user ${SUPERUSER} could not be created`);
  return { uid, gid };
};

export const ownBy = async (path: string, runAs: RunAs) => {
  if (runAs) await chown(path, runAs.uid, runAs.gid);
};

/** Whether the system user can pass through a folder (its search bit, as owner, group or other). */
const isSearchable = (mode: number, uid: number, gid: number, runAs: { uid: number; gid: number }) =>
  (uid === runAs.uid && (mode & 0o100) !== 0) ||
  (gid === runAs.gid && (mode & 0o010) !== 0) ||
  (mode & 0o001) !== 0;

/**
 * Run as root, the server runs as the postgres user, which must pass through every folder down to its
 * cluster. DATA_DIR itself (ours, often made 0700) lets the postgres group through; a folder above it is
 * the machine's business, so a closed one stops the start with the fix to make.
 */
export const openPathTo = async (dataDir: string, runAs: RunAs) => {
  if (!runAs) return;
  const own = await stat(dataDir);
  if (!isSearchable(own.mode, own.uid, own.gid, runAs)) {
    await chown(dataDir, own.uid, runAs.gid);
    await chmod(dataDir, (own.mode & 0o7777) | 0o010);
  }
  for (let folder = dirname(dataDir); ; folder = dirname(folder)) {
    const above = await stat(folder);
    if (!isSearchable(above.mode, above.uid, above.gid, runAs)) {
      throw new Error(
        `The embedded PostgreSQL runs as the system user ${SUPERUSER}, which cannot pass through ${folder}: ` +
          `choose a DATA_DIR outside it, or allow it (chmod o+x ${folder})`,
      );
    }
    if (dirname(folder) === folder) return;
  }
};
