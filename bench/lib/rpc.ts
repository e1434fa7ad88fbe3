import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A tiny request/answer protocol over the IPC channel between the orchestrator and its load processes. */
type Request = { id: number; command: string; input: unknown };
type Answer = { id: number; result?: unknown; error?: string };

export type Handlers = Record<string, (input: never) => Promise<unknown> | unknown>;

/** Worker side: answers each command with its handler's result. */
export const serve = (handlers: Handlers): void => {
  process.on('message', async (message: Request) => {
    const handler = handlers[message.command] as ((input: unknown) => Promise<unknown>) | undefined;
    try {
      if (!handler) throw new Error(`unknown command ${message.command}`);
      const result = await handler(message.input);
      process.send?.({ id: message.id, result } satisfies Answer);
    } catch (error) {
      process.send?.({ id: message.id, error: error instanceof Error ? error.stack : String(error) });
    }
  });
  process.on('disconnect', () => process.exit(0));
};

export type Worker = {
  child: ChildProcess;
  call: <T>(command: string, input?: unknown, timeoutMs?: number) => Promise<T>;
  stop: () => Promise<void>;
};

const WORKERS_DIR = fileURLToPath(new URL('../workers/', import.meta.url));

/** Forks bench/workers/<name>.ts in its own process (its own core, its own event loop). */
export const forkWorker = (name: string, env: NodeJS.ProcessEnv = {}): Worker => {
  const child = fork(`${WORKERS_DIR}${name}.ts`, [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_WORKER_PROF === '1' ? ['--cpu-prof'] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: Answer) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${name}: ${message.error}`));
    else waiter.resolve(message.result);
  });
  child.on('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`${name} exited with ${code}`));
    pending.clear();
  });
  return {
    child,
    call: <T>(command: string, input?: unknown, timeoutMs = 300_000) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${name}: ${command} timed out after ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        child.send({ id, command, input } satisfies Request);
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
};
