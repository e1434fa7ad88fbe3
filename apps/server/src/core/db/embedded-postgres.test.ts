import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess } from '../../test/server-process';
import { SERVER_ROOT } from '../paths';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { DEFAULT_MASTER_LOGIN } from './seed-logins';

const dataDirs: string[] = [];
const servers: EmbeddedPostgres[] = [];
const owners: ChildProcess[] = [];

/** mkdtemp makes it 0700: run as root, the server must still reach its cluster inside. */
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'conversa-embedded-'));
  dataDirs.push(dir);
  return dir;
};

const start = async (dataDir: string) => {
  const server = await startEmbeddedPostgres({ dataDir });
  servers.push(server);
  return server;
};

const query = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};

/** Running, not merely a zombie waiting for the init process to collect it. */
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
};

/** Whether anything accepts a TCP connection at host:port. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/**
 * Another Node process that starts the server on dataDir, stores a row and then just runs, so the test can
 * kill it the hard way. Answers that process and the pid of the PostgreSQL server it started.
 */
const startOwnerProcess = async (dataDir: string): Promise<{ owner: ChildProcess; postgresPid: number }> => {
  const script = `
    const { startEmbeddedPostgres } = await import(process.env.EMBEDDED_MODULE);
    const { default: pg } = await import('pg');
    const server = await startEmbeddedPostgres({ dataDir: process.env.EMBEDDED_DATA_DIR });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query("create table note (body text)");
    await client.query("insert into note values ('written before the crash')");
    await client.end();
    process.stdout.write(JSON.stringify({ pid: server.pid }) + '\\n');
    setInterval(() => {}, 60_000);
  `;
  const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      EMBEDDED_MODULE: join(SERVER_ROOT, 'src/core/db/embedded-postgres.ts'),
      EMBEDDED_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  owners.push(owner);
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    owner.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('\n')) resolve(output.split('\n')[0] ?? '');
    });
    owner.once('exit', (code) => reject(new Error(`the owner process exited with ${code}`)));
  });
  return { owner, postgresPid: (JSON.parse(line) as { pid: number }).pid };
};

const killHard = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};

afterEach(async () => {
  for (const owner of owners.splice(0))
    if (owner.exitCode === null && owner.signalCode === null) owner.kill();
  for (const server of servers.splice(0)) await server.stop();
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('starts a real PostgreSQL 17 with pg_trgm on loopback only, with a private generated password', async () => {
    const dataDir = newDataDir();
    const server = await start(dataDir);

    const [version] = await query(server.url, 'show server_version');
    expect(String(version?.server_version)).toMatch(/^17\./);
    await query(server.url, 'create extension pg_trgm');
    expect(await query(server.url, `select similarity('conversa', 'conversación') > 0.3 as close`)).toEqual([
      { close: true },
    ]);

    expect(await query(server.adminUrl, 'show listen_addresses')).toEqual([
      { listen_addresses: '127.0.0.1' },
    ]);
    expect(await accepts('127.0.0.1', server.port)).toBe(true);
    const outside = Object.values(networkInterfaces())
      .flatMap((addresses) => addresses ?? [])
      .filter((address) => !address.internal && address.family === 'IPv4');
    for (const address of outside) expect(await accepts(address.address, server.port)).toBe(false);

    const passwordFile = join(dataDir, 'postgres.password');
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    const wrong = new URL(server.url);
    wrong.password = 'password';
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/);

    if (userInfo().uid === 0) {
      // PostgreSQL refuses root: the cluster belongs to the postgres system user it runs as.
      const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      expect(statSync(join(dataDir, 'postgres')).uid).toBe(postgresUid);
    }
  });

  it('stops gracefully and starts again on the same data', async () => {
    const dataDir = newDataDir();
    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.url, `create table note (body text); insert into note values ('kept')`);
    await first.stop();
    expect(isAlive(first.pid)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(await accepts('127.0.0.1', first.port)).toBe(false);

    const second = await start(dataDir);
    expect(await query(second.url, 'select body from note')).toEqual([{ body: 'kept' }]);
  });

  it('refuses a folder whose server is in use, and takes over the orphan after its owner is killed', async () => {
    const dataDir = newDataDir();
    const { owner, postgresPid } = await startOwnerProcess(dataDir);

    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(/in use by another Conversa process/);

    await killHard(owner);
    // kill -9 runs no shutdown code: the server is left running without its owner.
    expect(isAlive(postgresPid)).toBe(true);

    const server = await start(dataDir);
    expect(isAlive(postgresPid)).toBe(false);
    expect(server.pid).not.toBe(postgresPid);
    expect(await query(server.url, 'select body from note')).toEqual([{ body: 'written before the crash' }]);
  });

  it('recovers when the owner and its server were both killed (a stale postmaster.pid)', async () => {
    const dataDir = newDataDir();
    const { owner, postgresPid } = await startOwnerProcess(dataDir);
    await killHard(owner);
    process.kill(postgresPid, 'SIGKILL');
    while (isAlive(postgresPid)) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

    const server = await start(dataDir);
    expect(await query(server.url, 'select body from note')).toEqual([{ body: 'written before the crash' }]);
  });
});

describe('npm start without DATABASE_URL', () => {
  it('runs the product on its own PostgreSQL and stops both on SIGTERM', async () => {
    const dataDir = newDataDir();
    const server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const login = await fetch(`${server.url}/api/v1/en/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEFAULT_MASTER_LOGIN.email, password: DEFAULT_MASTER_LOGIN.password }),
    });
    expect(login.status).toBe(200);
    const postgresPid = Number.parseInt(
      readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    expect(isAlive(postgresPid)).toBe(true);

    expect(await stopServerProcess(server)).toBe(0);
    expect(isAlive(postgresPid)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
