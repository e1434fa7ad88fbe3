import type { AccountBundle, Envelope } from '@conversa/domain';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { accountQueryKey } from '../../../shared/account/api/get-account';
import { setSession } from '../../../shared/session';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';

export const envelope = <T,>(status: number, data: T[], extra: Partial<Envelope<T>> = {}): Response =>
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

/** Renders a settings screen at a path, signed in as the account's user with the account loaded. */
export const renderSettingsAt = (ui: ReactElement, account: AccountBundle, path = '/app/settings') => {
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
};
