import type { Call } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKey } from '../../shared/account/api/get-account';
import { changeLocale } from '../../shared/i18n';
import { setSession } from '../../shared/session';
import type { Notification } from '../../shared/socket';
import { makeAccount } from '../../test/account-fixture';
import { envelope, stubApi } from '../../test/api-stub';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { ContactCalls, formatCallDuration } from './contact-calls';

const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../../shared/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/socket')>()),
  useSocketEvent: (event: string, handler: (payload: unknown) => void) => listeners.set(event, handler),
}));

const makeCall = (overrides: Partial<Call>): Call => ({
  id: 'call-1',
  integration_id: 'pbx-1',
  external_id: '1772450100.11',
  contact_id: 'k1',
  phone: '56911112222',
  direction: 'outbound',
  result: 'answered',
  duration: 95,
  extension: '2001',
  user_id: 'u1',
  started_at: '2026-03-02T13:15:00.000Z',
  create_date: '2026-03-02T13:16:00.000Z',
  ...overrides,
});

const renderCalls = () => {
  const account = makeAccount();
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(<ContactCalls contactId="k1" />, queryClient);
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
  listeners.clear();
});

describe("the contact's calls tab", () => {
  it('lists the calls with their direction, result in the spec words, duration and agent, and follows new ones live', async () => {
    let rows = [makeCall({})];
    const requests = stubApi(() =>
      envelope(200, rows, { pagination: { total: rows.length, page: 1, offset: 25 } }),
    );
    renderCalls();

    const first = await screen.findByTestId('call-row');
    expect(within(first).getByTestId('call-direction')).toHaveTextContent('Saliente');
    expect(within(first).getByTestId('call-result')).toHaveTextContent('Contestada');
    expect(within(first).getByTestId('call-duration')).toHaveTextContent('1:35');
    expect(within(first).getByTestId('call-agent')).toHaveTextContent('Ana María Pérez');
    expect(requests[0]?.body).toMatchObject({
      filters: [{ key: 'contact_id', condition: 'equalto', value: 'k1' }],
      sort: { key: 'started_at', order: 'desc' },
    });

    // The PBX reports a missed call from the customer: the tab reads the list again.
    rows = [
      makeCall({
        id: 'call-2',
        direction: 'inbound',
        result: 'missed_call',
        duration: 0,
        user_id: null,
        extension: '',
      }),
      ...rows,
    ];
    const notification: Notification = { module: 'call', action: 'create', data: [rows[0]], ref: 'k1' };
    listeners.get('notification')?.(notification);
    await waitFor(() => expect(screen.getAllByTestId('call-row')).toHaveLength(2));
    const missed = screen.getAllByTestId('call-row')[0] as HTMLElement;
    expect(within(missed).getByTestId('call-result')).toHaveTextContent('Llamada perdida');
    expect(within(missed).getByTestId('call-direction')).toHaveTextContent('Entrante');

    // Another contact's call does not reload this one's.
    const before = requests.length;
    listeners.get('notification')?.({
      module: 'call',
      action: 'create',
      data: [makeCall({ contact_id: 'k9' })],
      ref: 'k9',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(before);
  });

  it('says so when there are no calls', async () => {
    stubApi(() => envelope(200, [], { pagination: { total: 0, page: 1, offset: 25 } }));
    renderCalls();
    expect(await screen.findByText('Aún no hay llamadas')).toBeInTheDocument();
  });

  it('shows talk time as phones do', () => {
    expect(formatCallDuration(0)).toBe('0:00');
    expect(formatCallDuration(61)).toBe('1:01');
    expect(formatCallDuration(3725)).toBe('1:02:05');
  });
});
