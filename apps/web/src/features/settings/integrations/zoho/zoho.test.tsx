import type { Integration } from '@conversa/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../../shared/i18n';
import type { Notification } from '../../../../shared/socket';
import { makeAccount } from '../../../../test/account-fixture';
import { type Call, envelope, renderSettingsAt, stubApi } from '../../test/settings-fixtures';
import { emptyZohoForm, validateZoho, zohoFormOf } from './zoho-form';
import { ZohoSection } from './zoho-section';

const listeners = new Map<string, Set<(payload: unknown) => void>>();
vi.mock('../../../../shared/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../shared/socket')>()),
  useSocketEvent: (event: string, handler: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(handler);
    listeners.set(event, set);
  },
}));

const emit = (notification: Notification) =>
  act(() => {
    for (const handler of listeners.get('notification') ?? []) handler(notification);
  });

const makeZoho = (overrides: Partial<Integration> = {}): Integration => ({
  id: 'zoho-1',
  type: 'crmzoho',
  name: 'Zoho CRM',
  device_ids: [],
  answer_new_conversations: false,
  config: {
    data_centre: 'eu',
    client_id: '1000.ABCDEF',
    client_secret: '••••c0de',
    refresh_token: '••••7a1b',
    sync_contacts: true,
    sync_leads: false,
  },
  status: 'connected',
  last_sync_at: null,
  error: '',
  create_date: '2026-04-01T00:00:00.000Z',
  ...overrides,
});

const isTo = (call: Call, path: string) => call.url.includes(`/${path}`);

const stubZoho = (list: Integration[], answers: (call: Call) => Response | undefined = () => undefined) =>
  stubApi((call) => {
    const answered = answers(call);
    if (answered) return answered;
    if (isTo(call, 'integration/search')) {
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    }
    return envelope(200, []);
  });

const fill = async (input: HTMLElement, text: string) => {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
  listeners.clear();
});

describe('Zoho CRM settings', () => {
  it('checks the form with the domain rule, a masked secret standing for the stored one', () => {
    expect(validateZoho({ ...emptyZohoForm(), name: '' })).toMatchObject({
      name: 'validation.required',
      'config.client_id': 'validation.required',
      'config.client_secret': 'validation.required',
      'config.refresh_token': 'validation.required',
    });
    expect(validateZoho(zohoFormOf(makeZoho()))).toEqual({});
  });

  it('connects Zoho with its data centre, credentials and which records go', async () => {
    const created = makeZoho({ id: 'zoho-new' });
    const calls = stubZoho([], (call) =>
      isTo(call, 'integration/create') ? envelope(200, [created]) : undefined,
    );
    renderSettingsAt(<ZohoSection />, makeAccount());
    expect(await screen.findByText('Zoho CRM no está conectado')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('zoho-new'));
    const dialog = await screen.findByTestId('zoho-dialog');
    await userEvent.click(within(dialog).getByTestId('zoho-dialog-submit'));
    expect(within(dialog).getAllByText('Este campo es obligatorio').length).toBeGreaterThanOrEqual(3);
    expect(calls.some((call) => isTo(call, 'integration/create'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Centro de datos/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Europa (zoho.eu)' }));
    await fill(within(dialog).getByTestId('zoho-client_id'), '1000.ABCDEF');
    await fill(within(dialog).getByTestId('zoho-client_secret'), 'secret-123');
    await fill(within(dialog).getByTestId('zoho-refresh_token'), '1000.refresh.xyz');
    await userEvent.click(within(dialog).getByTestId('zoho-sync_leads'));
    await userEvent.click(within(dialog).getByTestId('zoho-dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId('zoho-dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => isTo(call, 'integration/create'))?.body).toEqual({
      type: 'crmzoho',
      name: 'Zoho CRM',
      config: {
        data_centre: 'eu',
        client_id: '1000.ABCDEF',
        client_secret: 'secret-123',
        refresh_token: '1000.refresh.xyz',
        sync_contacts: true,
        sync_leads: false,
      },
    });
    expect(await screen.findByTestId('zoho-row')).toHaveTextContent('Europa (zoho.eu)');
  });

  it('starts a sync and shows its progress live until it finishes', async () => {
    const calls = stubZoho([makeZoho()], (call) =>
      isTo(call, 'integration/sync')
        ? envelope(200, [makeZoho()], { info: 'Sincronización iniciada' })
        : undefined,
    );
    renderSettingsAt(<ZohoSection />, makeAccount());
    const row = await screen.findByTestId('zoho-row');
    expect(within(row).getByTestId('zoho-records')).toHaveTextContent('Contactos');

    await userEvent.click(within(row).getByTestId('zoho-sync'));
    await waitFor(() => expect(calls.some((call) => isTo(call, 'integration/sync/zoho-1'))).toBe(true));
    expect(await screen.findByText('Sincronización iniciada')).toBeInTheDocument();

    emit({
      module: 'integration',
      action: 'sync',
      data: [{ id: 'zoho-1', done: 100, total: 250, finished: false }],
    });
    expect(await within(row).findByTestId('zoho-sync-progress')).toHaveTextContent(
      '100 de 250 registros enviados',
    );
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(row).getByTestId('zoho-sync')).toBeDisabled();

    emit({
      module: 'integration',
      action: 'sync',
      data: [{ id: 'zoho-1', done: 250, total: 250, finished: true }],
    });
    await waitFor(() => expect(within(row).queryByTestId('zoho-sync-progress')).not.toBeInTheDocument());
    expect(within(row).getByTestId('zoho-sync')).toBeEnabled();
  });
});
