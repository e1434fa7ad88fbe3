import type { AuditEntry, ListItem, User } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { SettingsPage } from './settings-page';
import { type Call, envelope, renderSettingsAt, stubApi } from './test/settings-fixtures';

const PAIRS = [
  { module: 'contact', field: 'status_id' },
  { module: 'lead', field: 'tags' },
];

const tag = (overrides: Partial<ListItem>): ListItem => ({
  id: 'tag-1',
  module: 'lead',
  field: 'tags',
  name: 'VIP',
  color: '#f44336',
  status: true,
  position: 0,
  ...overrides,
});

const staffUser = (overrides: Partial<User> = {}): User => ({
  ...makeAccount().user,
  id: 'u2',
  name: 'Pedro Soto',
  email: 'pedro@clinica.cl',
  account: 'user',
  access: ['chat.view'],
  ...overrides,
});

const answerSettings =
  (extra: (call: Call) => Response | undefined = () => undefined) =>
  (call: Call): Response => {
    const answered = extra(call);
    if (answered) return answered;
    if (call.url.endsWith('/listdinamic/fields')) return envelope(200, PAIRS);
    if (call.url.endsWith('/listdinamic/search')) return envelope(200, [tag({})]);
    if (call.url.endsWith('/user/search')) return envelope(200, [makeAccount().user, staffUser()]);
    if (call.url.endsWith('/view/search')) return envelope(200, []);
    if (call.url.endsWith('/log/search'))
      return envelope(200, [], { pagination: { total: 0, page: 1, offset: 25 } });
    return envelope(404, [], { info: 'not stubbed' });
  };

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings page', () => {
  it('shows the owner every tab and opens the one the address names', async () => {
    stubApi(answerSettings());
    renderSettingsAt(<SettingsPage />, makeAccount(), '/app/settings?tab=lists&list=lead.tags');

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Empresa',
      'Usuarios',
      'Listas inteligentes',
      'Embudos',
      'Integraciones',
      'Vistas',
      'Auditoría',
    ]);
    expect(screen.getByRole('tab', { name: 'Listas inteligentes' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('VIP')).toBeInTheDocument();
  });

  it('hides the audit and users tabs from a staff user without log.view and user.view', async () => {
    stubApi(answerSettings());
    const account = makeAccount({ user: { account: 'user', access: ['setting.view'] } });
    renderSettingsAt(<SettingsPage />, account, '/app/settings?tab=audit');

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Empresa',
      'Listas inteligentes',
      'Embudos',
      'Integraciones',
      'Vistas',
    ]);
    expect(screen.getByRole('tab', { name: 'Empresa' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/cambiarla requiere el permiso/)).toBeInTheDocument();
    expect(screen.queryByTestId('company-save')).not.toBeInTheDocument();
  });

  it('previews an amount in the chosen number format and saves only that change', async () => {
    const calls = stubApi(
      answerSettings((call) =>
        call.url.endsWith('/client/profile')
          ? envelope(200, [{ ...makeAccount().client, number_format: call.body }])
          : undefined,
      ),
    );
    renderSettingsAt(<SettingsPage />, makeAccount());

    expect(screen.getByTestId('number-format-preview')).toHaveTextContent('1.234.568');
    await userEvent.click(screen.getByTestId('number-format-US'));
    expect(screen.getByTestId('number-format-preview')).toHaveTextContent('$1,234,567.89');
    expect(screen.getByTestId('number-format-compact')).toHaveTextContent('En las tablas: $1.2M');
    await userEvent.clear(screen.getByTestId('number-format-amount'));
    await userEvent.type(screen.getByTestId('number-format-amount'), '-2500.5');
    expect(screen.getByTestId('number-format-preview')).toHaveTextContent('$-2,500.50');

    await userEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/client/profile'))).toBe(true));
    const saved = calls.find((call) => call.url.endsWith('/client/profile'));
    expect(saved?.method).toBe('PUT');
    expect(saved?.body).toEqual({
      number_format: {
        decimalseparator: '.',
        thousandseparator: ',',
        decimalscale: 2,
        prefix: '$',
        suffix: '',
      },
    });
  });

  it("shows the plan's quota refusal in the new-user dialog", async () => {
    stubApi(
      answerSettings((call) =>
        call.url.endsWith('/user/create')
          ? envelope(412, [], { info: 'Se alcanzó el límite de usuarios de tu plan' })
          : undefined,
      ),
    );
    renderSettingsAt(<SettingsPage />, makeAccount(), '/app/settings?tab=users');

    expect(await screen.findAllByTestId('user-row')).toHaveLength(2);
    await userEvent.click(screen.getByTestId('new-user'));
    await userEvent.type(screen.getByTestId('new-user-name'), 'Laura Díaz');
    await userEvent.type(screen.getByTestId('new-user-email'), 'laura@clinica.cl');
    await userEvent.type(screen.getByTestId('new-user-password'), 'Segura#2026');
    await userEvent.click(screen.getByTestId('new-user-submit'));

    expect(await screen.findByTestId('new-user-error')).toHaveTextContent(
      'Se alcanzó el límite de usuarios de tu plan',
    );
  });

  it("edits a staff user's access by module and saves the chosen keys", async () => {
    const calls = stubApi(
      answerSettings((call) =>
        call.url.endsWith('/user/updateone/u2')
          ? envelope(200, [staffUser(call.body as Partial<User>)])
          : undefined,
      ),
    );
    renderSettingsAt(<SettingsPage />, makeAccount(), '/app/settings?tab=users');

    const rows = await screen.findAllByTestId('user-row');
    // The owner's own row offers no access editing: the owner's access is the plan's.
    expect(within(rows[0] as HTMLElement).queryByTestId('user-access')).not.toBeInTheDocument();
    await userEvent.click(within(rows[1] as HTMLElement).getByTestId('user-access'));
    await userEvent.click(within(screen.getByTestId('access-module-lead')).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('access-save'));

    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/user/updateone/u2'))).toBe(true));
    const body = calls.find((call) => call.url.endsWith('/user/updateone/u2'))?.body as { access: string[] };
    expect(body.access).toEqual([
      'chat.view',
      'lead.view',
      'lead.create',
      'lead.edit',
      'lead.delete',
      'lead.import',
      'lead.export',
      'lead.bulkupdate',
      'lead.bulkdelete',
    ]);
  });

  it('creates a smart-list item with its name and colour in the chosen list', async () => {
    const calls = stubApi(
      answerSettings((call) =>
        call.url.endsWith('/listdinamic/create')
          ? envelope(200, [tag({ id: 'tag-2', name: 'Frío' })])
          : undefined,
      ),
    );
    renderSettingsAt(<SettingsPage />, makeAccount(), '/app/settings?tab=lists&list=lead.tags');

    await screen.findByText('VIP');
    expect(screen.getByTestId('list-title')).toHaveTextContent('Leads · Etiquetas');
    await userEvent.click(screen.getByTestId('list-item-new'));
    await userEvent.type(screen.getByTestId('list-item-name'), 'Frío');
    await userEvent.click(screen.getByRole('radio', { name: '#2196f3' }));
    await userEvent.click(screen.getByTestId('list-item-submit'));

    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/listdinamic/create'))).toBe(true));
    expect(calls.find((call) => call.url.endsWith('/listdinamic/create'))?.body).toEqual({
      module: 'lead',
      field: 'tags',
      name: 'Frío',
      color: '#2196f3',
      status: true,
      position: 1,
    });
  });

  it('opens an audit row to show each changed field before and after', async () => {
    const entry: AuditEntry = {
      id: 'log-1',
      create_date: '2026-03-02T15:04:00.000Z',
      user_id: 'u1',
      user_name: 'Ana María Pérez',
      ip: '203.0.113.7',
      action: 'update',
      module: 'listdinamic',
      record_id: 'tag-1',
      changes: { name: ['Vip', 'VIP'] },
    };
    const calls = stubApi(
      answerSettings((call) =>
        call.url.endsWith('/log/search')
          ? envelope(200, [entry], { pagination: { total: 1, page: 1, offset: 25 } })
          : undefined,
      ),
    );
    renderSettingsAt(<SettingsPage />, makeAccount(), '/app/settings?tab=audit');

    const row = await screen.findByTestId('audit-row');
    expect(row).toHaveTextContent('Ana María Pérez');
    expect(row).toHaveTextContent('Modificación');
    expect(row).toHaveTextContent('Listas inteligentes');
    await userEvent.click(within(row).getByTestId('audit-expand'));
    const change = await screen.findByTestId('audit-change');
    expect(change).toHaveTextContent('name');
    expect(change).toHaveTextContent('Vip');
    expect(change).toHaveTextContent('VIP');

    await userEvent.selectOptions(screen.getByTestId('audit-filter-action'), 'create');
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.endsWith('/log/search') &&
            JSON.stringify((call.body as { filters: unknown[] }).filters) ===
              JSON.stringify([{ key: 'action', condition: 'equalto', value: 'create' }]),
        ),
      ).toBe(true),
    );
  });
});
