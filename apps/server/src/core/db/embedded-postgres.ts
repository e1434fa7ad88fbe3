import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { STOP_TIMEOUT_MS, sleep, takeOverLeftover } from './embedded-postgres-leftover';
import { openPathTo, ownBy, type RunAs, resolveRunAs, SUPERUSER } from './embedded-postgres-user';

/** What the embedded server tells; Fastify's (pino) logger fits. */
export type EmbeddedPostgresLogger = {
  debug: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export type EmbeddedPostgresOptions = {
  /** DATA_DIR: the cluster lives in `postgres/`, its password in `postgres.password`. */
  dataDir: string;
  logger?: EmbeddedPostgresLogger;
  /**
   * Throwaway clusters (the test run) skip every flush to disk: a crash loses them, which is fine for them
   * and never for a company's data.
   */
  durable?: boolean;
};

export type EmbeddedPostgres = {
  /** postgres:// URL of the product's database on the private server. */
  url: string;
  /** The same server's `postgres` maintenance database, for creating and dropping databases. */
  adminUrl: string;
  port: number;
  pid: number;
  /** Fast shutdown (sessions ended, a checkpoint written), then the process is gone. */
  stop: () => Promise<void>;
};

const DATABASE_NAME = 'conversa';
const READY_TIMEOUT_MS = 120_000;

export const silentLogger: EmbeddedPostgresLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

type Binaries = { postgres: string; initdb: string };

/**
 * The PostgreSQL binaries come from the `@embedded-postgres/<platform>-<arch>` package that the
 * `embedded-postgres` package installs for this machine. Its own manager class is not used: importing it
 * installs SIGINT/SIGTERM hooks that exit the process before the server has finished closing.
 */
const loadBinaries = async (): Promise<Binaries> => {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    const binaries: Binaries = await import(name);
    return { postgres: binaries.postgres, initdb: binaries.initdb };
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${platform()}-${arch()} (${name}); set DATABASE_URL to a PostgreSQL server`,
      { cause: error },
    );
  }
};

const loadOrCreatePassword = async (file: string, clusterExists: boolean): Promise<string> => {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  if (clusterExists) {
    throw new Error(`${file} is missing: without it the embedded database cannot be opened`);
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
};

const runToEnd = (command: string, args: string[], runAs: RunAs): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${code}): ${stderr.trim()}`));
    });
  });

/**
 * initdb writes into a side folder renamed into place at the end, so a start killed halfway leaves no
 * half-made cluster that would look like a real one.
 */
const initialise = async (
  binaries: Binaries,
  dataDir: string,
  clusterDir: string,
  password: string,
  runAs: RunAs,
  durable: boolean,
) => {
  const staging = `${clusterDir}.initialising`;
  const passwordFile = join(dataDir, 'postgres.initpw');
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  await ownBy(staging, runAs);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  await ownBy(passwordFile, runAs);
  try {
    await runToEnd(
      binaries.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin provider's C.UTF-8 needs no locale installed on the machine and never changes order
        // with an operating system upgrade, so indexes stay valid when the machine is updated.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
        ...(durable ? [] : ['--no-sync']),
      ],
      runAs,
    );
  } catch (error) {
    const hint = runAs
      ? ` (the server runs as the system user ${SUPERUSER}: every folder above DATA_DIR must be searchable by it)`
      : '';
    throw new Error(`The embedded PostgreSQL could not be initialised in ${clusterDir}${hint}`, {
      cause: error,
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
  await rename(staging, clusterDir);
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });

const urlOf = (password: string, port: number, database: string) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** Ready means a real query answers, not merely that the port accepts connections. */
const waitUntilReady = async (child: ChildProcess, adminUrl: string, tail: () => string) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The embedded PostgreSQL exited while starting: ${tail()}`);
    }
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`The embedded PostgreSQL did not become ready: ${tail()}`, { cause: error });
      }
    } finally {
      await client.end().catch(() => {});
    }
    await sleep(100);
  }
};

const ensureDatabase = async (adminUrl: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
};

type Started = { child: ChildProcess; port: number; tail: () => string };

const spawnServer = async (
  binaries: Binaries,
  clusterDir: string,
  runAs: RunAs,
  durable: boolean,
  logger: EmbeddedPostgresLogger,
): Promise<Started> => {
  const port = await freePort();
  const lines: string[] = [];
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      // Reachable from this machine only, over TCP with the password; no Unix socket to secure.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    {
      ...runAs,
      // In Node's process group: whatever ends the whole group (Playwright's web server, `timeout`, a
      // terminal's Ctrl-C) ends the database too, rather than leaving it running in a folder nobody starts
      // again. A kill -9 of Node alone leaves it running; the next start on the folder takes it over.
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  let buffered = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const line of complete) {
      lines.push(line);
      if (lines.length > 20) lines.shift();
      // The readiness probe's own refusals while the server starts are expected, not worth a warning.
      const serious = /\b(WARNING|ERROR|FATAL|PANIC):/.test(line) && !line.includes('is starting up');
      // Called on the logger: pino's methods read their settings from `this`.
      if (serious) logger.warn({ postgres: line }, 'embedded PostgreSQL');
      else logger.debug({ postgres: line }, 'embedded PostgreSQL');
    }
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return { child, port, tail: () => lines.join('\n') };
};

/**
 * Stops the server a killed process left running in dataDir, so the folder can be removed; refuses, like a
 * start would, when its owner still runs.
 */
export const stopLeftoverPostgres = (dataDir: string) => takeOverLeftover(dataDir, silentLogger);

/**
 * Starts the private PostgreSQL server of `npm start`: initialised on the first start, on a free loopback
 * port, with the password kept in DATA_DIR, taking over from a previous run that was killed.
 */
export const startEmbeddedPostgres = async (options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> => {
  const logger = options.logger ?? silentLogger;
  const durable = options.durable ?? true;
  const startedAt = Date.now();
  const binaries = await loadBinaries();
  await mkdir(options.dataDir, { recursive: true });
  const clusterDir = join(options.dataDir, 'postgres');
  const ownerFile = join(options.dataDir, 'postgres.owner');
  const clusterExists = existsSync(join(clusterDir, 'PG_VERSION'));
  const password = await loadOrCreatePassword(join(options.dataDir, 'postgres.password'), clusterExists);
  await chmod(join(options.dataDir, 'postgres.password'), 0o600);
  const runAs = await resolveRunAs(logger);
  await openPathTo(resolve(options.dataDir), runAs);
  if (clusterExists) {
    await takeOverLeftover(options.dataDir, logger);
  } else {
    await initialise(binaries, options.dataDir, clusterDir, password, runAs, durable);
    logger.info({ clusterDir, ms: Date.now() - startedAt }, 'embedded PostgreSQL initialised');
  }
  await writeFile(ownerFile, `${process.pid}\n`);

  let started: Started | undefined;
  // The free port is only known free a moment before the server binds it; another program may take it.
  for (let attempt = 1; !started; attempt += 1) {
    const candidate = await spawnServer(binaries, clusterDir, runAs, durable, logger);
    try {
      await waitUntilReady(candidate.child, urlOf(password, candidate.port, 'postgres'), candidate.tail);
      started = candidate;
    } catch (error) {
      candidate.child.kill('SIGKILL');
      if (attempt >= 3 || !/could not (bind|create any TCP)/.test(candidate.tail())) throw error;
    }
  }
  const { child, port } = started;
  const adminUrl = urlOf(password, port, 'postgres');
  await ensureDatabase(adminUrl);

  // process.exit() (a failed start, an uncaught error) must not leave the server behind; only a kill -9 of
  // this process can, and the next start takes it over.
  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);
  let stopping = false;
  child.once('exit', (code, signal) => {
    process.off('exit', stopOnExit);
    // Code 0 is a shutdown asked by a signal to the whole process group (Ctrl-C), the app is stopping too.
    if (!stopping && code !== 0)
      logger.error({ code, signal }, 'the embedded PostgreSQL stopped unexpectedly');
  });
  logger.info({ port, postgresPid: child.pid, ms: Date.now() - startedAt }, 'embedded PostgreSQL started');

  return {
    url: urlOf(password, port, DATABASE_NAME),
    adminUrl,
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      if (stopping) return;
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // Immediate shutdown if the fast one hangs: the next start replays the write-ahead log, as after a crash.
        const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
        child.kill('SIGINT');
        await exited;
        clearTimeout(timer);
      }
      await rm(ownerFile, { force: true });
      logger.info({ postgresPid: child.pid }, 'embedded PostgreSQL stopped');
    },
  };
};
