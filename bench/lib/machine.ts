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

/** Clock ticks a second in /proc (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Seconds of CPU time spent so far: the whole machine's busy time (every core, every process: the server,
 * PostgreSQL, the load process and the fakes), and, given its pid, one process's. Two readings around a
 * burst say what it cost the machine, beside the seconds of CPU its cores offered in that time.
 */
const cpuSeconds = (pid?: number) => {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const ticks = fields.slice(0, 8).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const machineBusy = ticks.reduce((sum, each) => sum + each, 0) - idle;
  // utime and stime are fields 14 and 15; the name in parentheses may hold spaces, so count after it.
  const processTicks = pid
    ? (() => {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(after[11]) + Number(after[12]);
      })()
    : 0;
  return { machine: machineBusy / TICKS_PER_SECOND, process: processTicks / TICKS_PER_SECOND };
};

/** Seconds of CPU spent over `seconds` of time: the whole machine's and one process's. */
export type CpuSpent = { machine: number; process: number; seconds: number };

/** How many cores were kept busy on average: `2.00 of 2 (the server 1.05)`. */
export const coresBusy = ({ machine, process, seconds }: CpuSpent) =>
  `${(machine / seconds).toFixed(2)} of ${cpus().length} (the server ${(process / seconds).toFixed(2)})`;

/** Starts counting; the function returned reads what was spent since. */
export const countCpu = (pid?: number): (() => CpuSpent) => {
  const start = cpuSeconds(pid);
  const startedAt = performance.now();
  return () => {
    const end = cpuSeconds(pid);
    return {
      machine: end.machine - start.machine,
      process: end.process - start.process,
      seconds: (performance.now() - startedAt) / 1000,
    };
  };
};
