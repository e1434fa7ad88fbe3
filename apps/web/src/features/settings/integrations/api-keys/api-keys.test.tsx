import type { ApiKey, CreatedApiKey } from '@conversa/domain';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../../shared/i18n';
import { makeAccount } from '../../../../test/account-fixture';
import { type Call, envelope, renderSettingsAt, stubApi } from '../../test/settings-fixtures';
import { type ApiKeyPage, apiKeysKey, applyApiKeyNotification } from './api-keys-api';
import { ApiKeysSection } from './api-keys-section';

const accountWith = (access?: string[]) => makeAccount(access ? { user: { account: 'user', access } } : {});

const makeKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key-1',
  name: 'HubSpot',
  prefix: 'cvk_Ab12Cd34',
  scopes: ['contacts.read', 'leads.write'],
  last_used_at: '2026-04-10T14:30:00.000Z',
  expires_at: null,
  revoked_at: null,
  create_date: '2026-04-01T00:00:00.000Z',
  created_by: 'u1',
  ...overrides,
});

const WHOLE_KEY = 'cvk_Zx98Yw76Vu54Ts32Rq10PoNmLkJiHgFeDcBa-_0123456';

const isTo = (call: Call, path: string) => call.url.includes(`/${path}`);

/** The API: the keys' list and, per route, a test's answer. */
const stubKeys = (list: ApiKey[], answers: (call: Call) => Response | undefined = () => undefined) =>
  stubApi((call) => {
    const answered = answers(call);
    if (answered) return answered;
    if (isTo(call, 'apikey/search')) {
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    }
    return envelope(200, []);
  });

const renderSection = (account = accountWith()) => renderSettingsAt(<ApiKeysSection />, account);

const rowNamed = (name: string) =>
  waitFor(() => {
    const row = screen.getAllByTestId('api-key-row').find((candidate) => within(candidate).queryByText(name));
    if (!row) throw new Error(`no API key named ${name}`);
    return row;
  });

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('API keys settings', () => {
  it('creates a key with its scopes, shows the whole key this once, then lists only its prefix', async () => {
    const created: CreatedApiKey = {
      ...makeKey({ id: 'key-new', name: 'Pipedrive', prefix: WHOLE_KEY.slice(0, 12), last_used_at: null }),
      scopes: ['contacts.write', 'leads.write'],
      key: WHOLE_KEY,
    };
    const calls = stubKeys([], (call) =>
      isTo(call, 'apikey/create') ? envelope(200, [created]) : undefined,
    );
    renderSection();
    expect(await screen.findByText('Aún no hay claves de API')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('api-key-new'));
    const dialog = await screen.findByTestId('api-key-dialog');
    await userEvent.click(within(dialog).getByTestId('api-key-dialog-submit'));
    expect(await within(dialog).findByTestId('api-key-scopes-error')).toHaveTextContent(
      'Elige al menos un permiso',
    );
    expect(calls.some((call) => isTo(call, 'apikey/create'))).toBe(false);

    await userEvent.type(within(dialog).getByTestId('api-key-name'), 'Pipedrive');
    await userEvent.click(within(dialog).getByTestId('api-key-scope-leads.write'));
    await userEvent.click(within(dialog).getByTestId('api-key-scope-contacts.write'));
    await userEvent.click(within(dialog).getByTestId('api-key-dialog-submit'));

    expect(await within(dialog).findByTestId('api-key-secret')).toHaveTextContent(WHOLE_KEY);
    expect(within(dialog).getByText('Guarda esta clave')).toBeInTheDocument();
    expect(within(dialog).getByText('X-API-Key: cvk_…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar la clave' })).toBeInTheDocument();
    expect(calls.find((call) => isTo(call, 'apikey/create'))?.body).toEqual({
      name: 'Pipedrive',
      scopes: ['contacts.write', 'leads.write'],
    });

    await userEvent.click(within(dialog).getByTestId('api-key-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-dialog')).not.toBeInTheDocument());
    const row = await rowNamed('Pipedrive');
    expect(within(row).getByTestId('api-key-prefix')).toHaveTextContent(`${WHOLE_KEY.slice(0, 12)}…`);
    expect(within(row).getByTestId('api-key-scopes')).toHaveTextContent('Crear y editar contactos');
    expect(within(row).getByTestId('api-key-scopes')).toHaveTextContent('Crear y editar leads');
    expect(within(row).getByTestId('api-key-last-used')).toHaveTextContent('Nunca');
    expect(within(row).getByTestId('api-key-state')).toHaveTextContent('Activa');
    // Shown that once: the whole key is nowhere on the page any more.
    expect(screen.queryByText(WHOLE_KEY)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(WHOLE_KEY);
  });

  it('sends a chosen expiry as the end of that day', async () => {
    const calls = stubKeys([], (call) =>
      isTo(call, 'apikey/create') ? envelope(200, [{ ...makeKey(), key: WHOLE_KEY }]) : undefined,
    );
    renderSection();
    await userEvent.click(await screen.findByTestId('api-key-new'));
    const dialog = await screen.findByTestId('api-key-dialog');
    await userEvent.type(within(dialog).getByTestId('api-key-name'), 'ERP');
    await userEvent.click(within(dialog).getByTestId('api-key-scope-contacts.read'));
    await userEvent.type(within(dialog).getByTestId('api-key-expires'), '2099-12-31');
    await userEvent.click(within(dialog).getByTestId('api-key-dialog-submit'));
    await within(dialog).findByTestId('api-key-secret');
    expect(calls.find((call) => isTo(call, 'apikey/create'))?.body).toEqual({
      name: 'ERP',
      scopes: ['contacts.read'],
      expires_at: new Date('2099-12-31T23:59:59.999').toISOString(),
    });
  });

  it('revokes a key after confirming; the row stays, revoked, without the button', async () => {
    const revokedAt = '2026-04-11T10:00:00.000Z';
    const calls = stubKeys([makeKey()], (call) =>
      isTo(call, 'apikey/deleteone/key-1')
        ? envelope(200, [makeKey({ revoked_at: revokedAt })], { info: 'Clave de API revocada' })
        : undefined,
    );
    renderSection();
    const row = await rowNamed('HubSpot');
    expect(within(row).getByTestId('api-key-state')).toHaveTextContent('Activa');
    expect(within(row).getByTestId('api-key-scopes')).toHaveTextContent('Leer contactos');

    await userEvent.click(within(row).getByRole('button', { name: 'Revocar HubSpot' }));
    expect(
      await screen.findByText(
        'HubSpot dejará de funcionar de inmediato y los sistemas que la usan serán rechazados. ¿Revocarla?',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('api-key-revoke-confirm'));

    await waitFor(() => expect(within(row).getByTestId('api-key-state')).toHaveTextContent('Revocada'));
    expect(within(row).queryByTestId('api-key-revoke')).not.toBeInTheDocument();
    const revoke = calls.find((call) => isTo(call, 'apikey/deleteone/key-1'));
    expect(revoke?.method).toBe('DELETE');
  });

  it('shows the list without the buttons to whoever may not edit the settings', async () => {
    stubKeys([makeKey({ expires_at: '2020-01-01T00:00:00.000Z' })]);
    renderSection(accountWith(['setting.view']));
    const row = await rowNamed('HubSpot');
    expect(within(row).getByTestId('api-key-state')).toHaveTextContent('Vencida');
    expect(screen.queryByTestId('api-key-new')).not.toBeInTheDocument();
    expect(within(row).queryByTestId('api-key-revoke')).not.toBeInTheDocument();
  });

  it("a colleague's new key and revocation reach the open list, never a whole key", () => {
    const queryClient = new QueryClient();
    const key = [...apiKeysKey, { page: 0, offset: 25 }];
    queryClient.setQueryData<ApiKeyPage>(key, { rows: [makeKey()], total: 1 });
    applyApiKeyNotification(queryClient, {
      module: 'apikey',
      action: 'create',
      data: [{ ...makeKey({ id: 'key-2', name: 'Zapier' }), key: WHOLE_KEY }],
    });
    applyApiKeyNotification(queryClient, {
      module: 'apikey',
      action: 'update',
      data: [makeKey({ revoked_at: '2026-04-11T10:00:00.000Z' })],
    });
    const page = queryClient.getQueryData<ApiKeyPage>(key);
    expect(page?.rows.map((row) => [row.name, row.revoked_at])).toEqual([
      ['Zapier', null],
      ['HubSpot', '2026-04-11T10:00:00.000Z'],
    ]);
    expect(page?.total).toBe(2);
    expect(JSON.stringify(page)).not.toContain(WHOLE_KEY);
  });
});
