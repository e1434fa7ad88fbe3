import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { SERVER_ROOT } from '../core/paths';

export type ServerProcess = { process: ChildProcess; url: string };

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** One real server process (the production entry point through tsx), ready when /api/ready answers. */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { process: child, url };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
};

/**
 * Stops gracefully (SIGTERM, as an orchestrator would), killing it if it has not exited within 10 s.
 * Answers the exit code (null when it had to be killed).
 */
export const stopServerProcess = async (server: ServerProcess | undefined): Promise<number | null> => {
  if (!server) return null;
  if (server.process.exitCode !== null || server.process.signalCode !== null) return server.process.exitCode;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  return server.process.exitCode;
};

/** Kills at once (SIGKILL): no shutdown hook runs, exactly like a crash. */
export const killServerProcess = async (server: ServerProcess | undefined) => {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
};

export const api = async <T>(
  server: ServerProcess,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: T[] } };
};
