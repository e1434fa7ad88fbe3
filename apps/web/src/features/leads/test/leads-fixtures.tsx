import type { AccountBundle, Envelope, Lead } from '@conversa/domain';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { accountQueryKey } from '../../../shared/account/api/get-account';
import { setSession } from '../../../shared/session';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';

export const makeLead = (overrides: Partial<Lead> = {}): Lead => ({
  id: 'lead-1',
  client_id: 'c1',
  first_name: 'Marta',
  last_name: 'Rojas',
  full_name: 'Marta Rojas',
  phone: '56987654321',
  email: 'marta@correo.cl',
  document: '',
  country: 'CL',
  tags: [],
  status_id: '',
  owner: [],
  source: 'Instagram',
  converted_contact_id: '',
  create_date: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

export const envelope = <T,>(status: number, data: T[], extra: Partial<Envelope<T>> = {}): Response =>
  new Response(JSON.stringify({ status_codes: status, data, info: extra.info ?? 'ok', ...extra }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export type Call = { url: string; method: string; body: unknown };

/** Stubs fetch at the network boundary with answers chosen per request; records what was asked. */
export const stubApi = (answer: (call: Call) => Response) => {
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

/** Renders a leads screen at a path, with the lead and contact detail routes around it. */
export const renderLeadsAt = (ui: ReactElement, account: AccountBundle, path: string) => {
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/leads/detail/:reference_id" element={ui} />
        <Route path="/app/leads" element={ui} />
        <Route path="/app/contacts/detail/:contact_id" element={<p data-testid="contact-route">contact</p>} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
};
