import type { AccountBundle, ChannelType, Device, Envelope } from '@conversa/domain';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { accountQueryKey } from '../../../shared/account/api/get-account';
import { setSession } from '../../../shared/session';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';

const CONFIGS: Record<ChannelType, Device['setting']['conect']['config']> = {
  sandbox: { secret: 'sandbox-secret-1' },
  whatsapp: {
    phone_number_id: '109876543210',
    waba_id: '2233445566',
    access_token: '••••1234',
    app_secret: '••••6789',
    verify_token: '••••2026',
  },
  telegram: { bot_token: '••••wxyz', secret_token: '••••abcd' },
  messenger: {
    page_id: '1234567',
    page_access_token: '••••pppp',
    app_secret: '••••6789',
    verify_token: '••••2026',
  },
  instagram: {
    ig_account_id: '7654321',
    access_token: '••••iiii',
    app_secret: '••••6789',
    verify_token: '••••2026',
  },
  dialog360: { api_key: '••••d360', webhook_secret: '••••hook' },
  twilio: {
    account_sid: 'AC0123456789abcdef0123456789abcdef',
    auth_token: '••••twil',
    from_number: '+14155238886',
  },
  maytapi: {
    product_id: 'prod-7781',
    phone_id: 'phone-4412',
    api_key: '••••0001',
    webhook_secret: '••••cret',
  },
};

/**
 * A device as the server answers it: secrets masked, the webhook URL filled in; `conect` adds to its
 * setting.conect (a gateway's session and QR).
 */
export const makeDevice = (
  type: ChannelType,
  overrides: Partial<Device> = {},
  conect: Partial<Device['setting']['conect']> = {},
): Device => {
  const id = overrides.id ?? `device-${type}`;
  const status = overrides.status ?? 'connected';
  return {
    id,
    client_id: 'c1',
    name: `Device ${type}`,
    status,
    mode: 'official',
    color: '#4caf50',
    background_color: '#e8f5e9',
    selected: false,
    create_date: '2026-01-01T00:00:00.000Z',
    ...overrides,
    setting: {
      conect: {
        type,
        status,
        config: CONFIGS[type],
        webhook_url: `https://conversa.example/webhooks/${type}/${id}`,
        ...conect,
      },
    },
  };
};

export const envelope = <T,>(status: number, data: T[], extra: Partial<Envelope<T>> = {}): Response =>
  new Response(JSON.stringify({ status_codes: status, data, info: extra.info ?? 'ok', ...extra }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Call = { url: string; method: string; body: unknown };

/** Stubs fetch with answers chosen per request; records what was asked. */
export const stubApi = (answer: (call: Call) => Response | Promise<Response>) => {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const call = {
      url: String(url),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
};

/** Renders a devices screen at a path, signed in as the account's user with the account loaded. */
export const renderDevicesAt = (
  ui: ReactElement,
  account: AccountBundle,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
) => {
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={ui} />
        {route === '*' && (
          <Route path="/app/devices/detail/:id" element={<p data-testid="detail-route">detail</p>} />
        )}
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
};
