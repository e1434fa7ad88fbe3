import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

/** The machine the run measured on, written at the head of the results: every figure depends on it. */
export const machine = (databaseUrl: string | undefined) => {
  const pgVersion = (() => {
    if (!databaseUrl) return 'embedded PostgreSQL 17 (a child process of the server)';
    try {
      const maintenance = new URL(databaseUrl);
      maintenance.pathname = '/postgres';
      return `PostgreSQL ${execSync(`psql "${maintenance}" -Atc "show server_version"`, { encoding: 'utf8' }).trim()}`;
    } catch {
      return 'unknown';
    }
  })();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    database: pgVersion,
    loadAverageAtStart: load,
  };
};

export type Machine = ReturnType<typeof machine>;
