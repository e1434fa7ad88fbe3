import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The server's SECRET_KEY: the generator seals the WhatsApp devices' secrets with it, so the server can open them. */
export const BENCH_SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';

/** The Node flags `npm start` runs the server with, so the benchmarks measure the server as it runs. */
const SERVER_NODE_FLAGS: string[] = JSON.parse(
  readFileSync(join(REPO_ROOT, 'apps/server/node-flags.json'), 'utf8'),
);

/** Resident memory of a process, MiB with one decimal. */
export const residentMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D/g, '') ?? 0) / 102.4) / 10;
};

/**
 * A process's RSS read every 20 ms until stopped: work that lasts milliseconds can peak between two
 * readings a phase would take itself.
 */
export const sampleResidentMiB = (pid: number) => {
  const before = residentMiB(pid);
  const sampler = {
    before,
    peak: before,
    /** A reading now, counted towards the peak. */
    read: () => {
      const now = residentMiB(pid);
      sampler.peak = Math.max(sampler.peak, now);
      return now;
    },
    stop: () => clearInterval(timer),
  };
  const timer = setInterval(sampler.read, 20);
  return sampler;
};

export type ServerOptions = {
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  /** `src` runs apps/server/src/main.ts through tsx; `dist` runs the bundle `npm run build` writes. */
  build: 'src' | 'dist';
  cpuProfileDir?: string;
  name: string;
  /** More environment for this server (a provider's base URL pointed at a local fake). */
  env?: Record<string, string>;
};

export type RunningServer = { url: string; child: ChildProcess; stop: () => Promise<void> };

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const waitReady = async (url: string, child: ChildProcess, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} not ready after ${timeoutMs} ms`);
};

/** Starts the product as its own process (never in the load process), on loopback, logging warnings only. */
export const startServer = async (options: ServerOptions): Promise<RunningServer> => {
  const port = await freePort();
  const entry =
    options.build === 'dist'
      ? [join(REPO_ROOT, 'apps/server/dist/main.js')]
      : ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/main.ts')];
  if (options.build === 'dist' && !existsSync(entry[0] ?? '')) {
    throw new Error('apps/server/dist/main.js is missing: run `npm run build -w @conversa/server` first');
  }
  // One folder per server, Node's own file names in it: under tsx the loader's worker thread writes a
  // profile too, and one fixed name let it overwrite the main thread's.
  const profileDir = options.cpuProfileDir ? join(options.cpuProfileDir, options.name) : undefined;
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, ...entry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      REDIS_URL: options.redisUrl ?? '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SECRET_KEY: BENCH_SECRET_KEY,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
};
