import type { Envelope } from '@conversa/domain';
import { vi } from 'vitest';

/** An answer in the server's envelope. */
export const envelope = <T>(status: number, data: T[], extra: Partial<Envelope<T>> = {}): Response =>
  new Response(JSON.stringify({ status_codes: status, data, info: extra.info ?? 'ok', ...extra }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export type Call = { url: string; method: string; body: unknown };

/** Stubs fetch at the network boundary with answers chosen per request; records what was asked. */
export const stubApi = (answer: (call: Call) => Response | Promise<Response>) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        url: String(url),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
};
