import { existsSync, readFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { platform } from 'node:os';
import { join } from 'node:path';
import type { EmbeddedPostgresLogger } from './embedded-postgres';

// What a previous run of the embedded server left in DATA_DIR, and whether it may be taken over.

/** How long a stopping server is given before the start gives up on it. */
export const STOP_TIMEOUT_MS = 60_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Linux tells a process' name, state and parent; elsewhere a live pid in postmaster.pid is taken at its word. */
const procStat = (pid: number): { name: string; state: string; parent: number } | undefined => {
  if (platform() !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state = '', parent = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, state, parent: Number.parseInt(parent, 10) };
  } catch {
    return undefined;
  }
};

const exists = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const waitUntil = async (done: () => boolean, failure: string) => {
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(failure);
    await sleep(100);
  }
};

const readPid = (file: string): number | undefined => {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
};

/**
 * A postmaster.pid left behind means the last run did not stop its server. If that server still runs and
 * its owner (the Node process recorded in postgres.owner) is alive, the folder is in use and we refuse.
 * If the owner died (kill -9), the server is an orphan: it is stopped the clean way and started again as
 * ours. If nothing runs under that pid any more, PostgreSQL removes the stale file itself and replays its
 * write-ahead log, which is its normal crash recovery.
 */
export const takeOverLeftover = async (dataDir: string, logger: EmbeddedPostgresLogger) => {
  const clusterDir = join(dataDir, 'postgres');
  const ownerFile = join(dataDir, 'postgres.owner');
  const pidFile = join(clusterDir, 'postmaster.pid');
  const pid = readPid(pidFile);
  if (pid === undefined || !exists(pid)) return;
  const stat = procStat(pid);
  if (stat?.state === 'Z') {
    // Killed, but not yet collected by the process that adopted it; PostgreSQL counts it as running.
    await waitUntil(
      () => !exists(pid),
      `The previous PostgreSQL (pid ${pid}) exited but was never collected`,
    );
    return;
  }
  if (stat && stat.name !== 'postgres') {
    // The pid was reused by an unrelated process; PostgreSQL would refuse to start on that lock file.
    await unlink(pidFile);
    return;
  }
  const owner = readPid(ownerFile);
  const ownerRuns = owner !== undefined && exists(owner) && (!stat || stat.parent === owner);
  if (ownerRuns) {
    throw new Error(
      `The database in ${clusterDir} is in use by another Conversa process (pid ${owner}); stop it first or use another DATA_DIR`,
    );
  }
  logger.warn(
    { postgresPid: pid },
    'the embedded PostgreSQL of a previous run is still running: stopping it',
  );
  process.kill(pid, 'SIGINT');
  // A clean shutdown removes postmaster.pid last.
  await waitUntil(() => !existsSync(pidFile), `The orphaned PostgreSQL (pid ${pid}) did not stop`);
};
