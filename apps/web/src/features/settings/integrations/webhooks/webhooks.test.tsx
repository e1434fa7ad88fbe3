import type { Integration, WebhookDelivery } from '@conversa/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formattersFor } from '../../../../shared/format/intl-format';
import { changeLocale } from '../../../../shared/i18n';
import { makeAccount } from '../../../../test/account-fixture';
import { type Call, envelope, renderSettingsAt, stubApi } from '../../test/settings-fixtures';
import { IntegrationsTab } from '../integrations-tab';
import { applyWebhookNotification } from './webhooks-api';

const accountWith = (access?: string[]) => makeAccount(access ? { user: { account: 'user', access } } : {});

const makeWebhook = (overrides: Partial<Integration> = {}): Integration => ({
  id: 'wh-1',
  type: 'crmx2',
  name: 'CRM central',
  device_ids: [],
  answer_new_conversations: false,
  config: {
    url: 'https://crm.example.com/hooks',
    events: ['contact.created', 'deal.updated'],
    secret: '••••9f3a',
  },
  status: 'connected',
  last_sync_at: '2026-04-10T14:30:00.000Z',
  error: '',
  create_date: '2026-04-01T00:00:00.000Z',
  ...overrides,
});

const FAILING = makeWebhook({
  id: 'wh-2',
  name: 'ERP',
  config: { url: 'https://erp.example.com/in', events: ['message.received'], secret: '••••0000' },
  status: 'error',
  last_sync_at: null,
  error: 'connect ECONNREFUSED 10.0.0.5:443',
});

const makeDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'del-1',
  integration_id: 'wh-1',
  event: 'contact.created',
  payload: {
    id: 'del-1',
    event: 'contact.created',
    occurred_at: '2026-04-10T14:00:00.000Z',
    client_id: 'c1',
    data: { name: 'Ana Pérez' },
  },
  status: 'failed',
  attempts: 12,
  response_status: 500,
  error: 'Internal Server Error',
  next_attempt_at: null,
  delivered_at: null,
  create_date: '2026-04-10T14:00:00.000Z',
  ...overrides,
});

const DELIVERED = makeDelivery({
  id: 'del-2',
  event: 'deal.updated',
  payload: { id: 'del-2', event: 'deal.updated', data: {} },
  status: 'delivered',
  attempts: 1,
  response_status: 200,
  error: '',
  delivered_at: '2026-04-10T15:00:00.000Z',
  create_date: '2026-04-10T15:00:00.000Z',
});

const isTo = (call: Call, path: string) => call.url.includes(`/${path}`);

const searchesWebhooks = (call: Call) =>
  isTo(call, 'integration/search') && JSON.stringify(call.body).includes('"crmx2"');

/** The API: the webhooks list (the bots list empty), the delivery log, and per route a test's answer. */
const stubWebhooks = (
  list: Integration[],
  answers: (call: Call) => Response | Promise<Response> | undefined = () => undefined,
) =>
  stubApi((call) => {
    const answered = answers(call);
    if (answered) return answered;
    if (isTo(call, 'integration/search')) {
      const rows = searchesWebhooks(call) ? list : [];
      return envelope(200, rows, { pagination: { total: rows.length, page: 1, offset: 25 } });
    }
    return envelope(200, []);
  });

const renderTab = (account = accountWith()) => renderSettingsAt(<IntegrationsTab />, account);

const rowNamed = (name: string) =>
  waitFor(() => {
    const row = screen.getAllByTestId('webhook-row').find((candidate) => within(candidate).queryByText(name));
    if (!row) throw new Error(`no webhook named ${name}`);
    return row;
  });

/** Replaces a field's text as a paste does: typing long texts key by key is slow on a busy machine. */
const fill = async (input: HTMLElement, text: string) => {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
};

const helperOf = (input: HTMLElement) => {
  const described = input.getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : undefined;
};

const openNew = async () => {
  await userEvent.click(await screen.findByTestId('webhook-new'));
  return screen.findByTestId('webhook-dialog');
};

const openDeliveries = async (name: string) => {
  await userEvent.click(within(await rowNamed(name)).getByTestId('webhook-deliveries'));
  return screen.findByTestId('deliveries-dialog');
};

const deliveryRow = (id: string) =>
  waitFor(() => {
    const row = screen.getAllByTestId('delivery-row').find((candidate) => candidate.dataset.id === id);
    if (!row) throw new Error(`no delivery ${id}`);
    return row;
  });

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('webhooks settings', () => {
  it('creates a webhook with its URL and events, then shows the generated secret this once', async () => {
    const created = makeWebhook({
      id: 'wh-new',
      name: 'HubSpot',
      config: {
        url: 'https://hooks.example.com/conversa',
        events: ['contact.created', 'deal.created', 'deal.updated', 'deal.deleted', 'deal.stage_changed'],
        secret: 'whsec_3f9a1c77e0b24d8a9c61b5e2',
      },
      last_sync_at: null,
    });
    const calls = stubWebhooks([], (call) =>
      isTo(call, 'integration/create') ? envelope(200, [created]) : undefined,
    );
    renderTab();
    expect(await screen.findByText('Aún no hay webhooks')).toBeInTheDocument();

    const dialog = await openNew();
    await fill(within(dialog).getByTestId('webhook-name'), 'HubSpot');
    await fill(within(dialog).getByTestId('webhook-url'), 'https://hooks.example.com/conversa');
    await userEvent.click(within(dialog).getByTestId('webhook-event-contact.created'));
    await userEvent.click(within(dialog).getByTestId('webhook-group-all-deal'));
    expect(within(dialog).getByTestId('webhook-event-deal.stage_changed')).toBeChecked();
    expect(within(dialog).getByText('Presupuesto cambió de etapa')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId('webhook-dialog-submit'));

    expect(await within(dialog).findByTestId('webhook-secret')).toHaveTextContent(
      'whsec_3f9a1c77e0b24d8a9c61b5e2',
    );
    expect(within(dialog).getByText('Guarda este secreto')).toBeInTheDocument();
    expect(
      within(dialog).getByText('X-Conversa-Signature: sha256=HMAC-SHA256(secret, body)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar el secreto' })).toBeInTheDocument();
    expect(calls.find((call) => isTo(call, 'integration/create'))?.body).toEqual({
      type: 'crmx2',
      name: 'HubSpot',
      config: {
        url: 'https://hooks.example.com/conversa',
        events: ['contact.created', 'deal.created', 'deal.updated', 'deal.deleted', 'deal.stage_changed'],
      },
    });

    await userEvent.click(within(dialog).getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-dialog')).not.toBeInTheDocument());
    const row = await rowNamed('HubSpot');
    expect(within(row).getByTestId('webhook-url')).toHaveTextContent('https://hooks.example.com/conversa');
    expect(within(row).getByTestId('webhook-events')).toHaveTextContent('Eventos: 5');

    // Opened again, the secret is masked: it was shown that once.
    await userEvent.click(within(row).getByTestId('webhook-edit'));
    const edit = await screen.findByTestId('webhook-dialog');
    expect(within(edit).getByTestId('webhook-secret-input')).toHaveValue('••••b5e2');
    expect(screen.queryByText('whsec_3f9a1c77e0b24d8a9c61b5e2')).not.toBeInTheDocument();
  });

  it('refuses a URL that is not one with the domain’s message and sends nothing', async () => {
    const calls = stubWebhooks([]);
    renderTab();
    await screen.findByText('Aún no hay webhooks');

    const dialog = await openNew();
    await fill(within(dialog).getByTestId('webhook-name'), 'CRM');
    const url = within(dialog).getByTestId('webhook-url');
    await fill(url, 'crm.example.com/hooks');
    await userEvent.click(within(dialog).getByTestId('webhook-event-lead.created'));
    await userEvent.click(within(dialog).getByTestId('webhook-dialog-submit'));

    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(helperOf(url)).toBe('Ingresa una URL válida');
    expect(calls.some((call) => isTo(call, 'integration/create'))).toBe(false);
  });

  it('refuses a webhook with no events chosen', async () => {
    const calls = stubWebhooks([]);
    renderTab();
    await screen.findByText('Aún no hay webhooks');

    const dialog = await openNew();
    await fill(within(dialog).getByTestId('webhook-name'), 'CRM');
    await fill(within(dialog).getByTestId('webhook-url'), 'https://crm.example.com/hooks');
    await userEvent.click(within(dialog).getByTestId('webhook-dialog-submit'));

    expect(await within(dialog).findByTestId('webhook-events-error')).toHaveTextContent(
      'Elige al menos un evento',
    );
    expect(calls.some((call) => isTo(call, 'integration/create'))).toBe(false);
    // Ticking a whole group and clearing it again leaves none chosen: still refused.
    await userEvent.click(within(dialog).getByTestId('webhook-group-all-task'));
    expect(within(dialog).queryByTestId('webhook-events-error')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId('webhook-group-all-task'));
    expect(within(dialog).getByTestId('webhook-events-error')).toBeInTheDocument();
  });

  it('saves an edit with the masked secret as it was shown, so the stored one is kept', async () => {
    const webhook = makeWebhook();
    const calls = stubWebhooks([webhook], (call) =>
      isTo(call, 'integration/updateone') ? envelope(200, [{ ...webhook, name: 'CRM ventas' }]) : undefined,
    );
    renderTab();

    await userEvent.click(within(await rowNamed('CRM central')).getByTestId('webhook-edit'));
    const dialog = await screen.findByTestId('webhook-dialog');
    expect(within(dialog).getByTestId('webhook-event-contact.created')).toBeChecked();
    await fill(within(dialog).getByTestId('webhook-name'), 'CRM ventas');
    await userEvent.click(within(dialog).getByTestId('webhook-dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId('webhook-dialog')).not.toBeInTheDocument());
    const put = calls.find((call) => isTo(call, 'integration/updateone'));
    expect(put?.url).toMatch(/\/integration\/updateone\/wh-1$/);
    expect(put?.body).toEqual({
      name: 'CRM ventas',
      config: {
        url: 'https://crm.example.com/hooks',
        events: ['contact.created', 'deal.updated'],
        secret: '••••9f3a',
      },
    });
    expect(await rowNamed('CRM ventas')).toBeInTheDocument();
  });

  it('lists the webhooks with their status, and Test updates it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubWebhooks([makeWebhook(), FAILING], (call) =>
      isTo(call, 'integration/test/')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    renderTab();

    const working = await rowNamed('CRM central');
    expect(within(working).getByTestId('integration-status')).toHaveTextContent('Conectado');
    expect(within(working).getByTestId('webhook-events')).toHaveTextContent('Eventos: 2');
    expect(within(working).getByTestId('webhook-last-delivery')).toHaveTextContent(
      formattersFor('es').dateTime('2026-04-10T14:30:00.000Z'),
    );
    const failing = await rowNamed('ERP');
    expect(within(failing).getByTestId('integration-status')).toHaveTextContent('Error');
    expect(within(failing).getByTestId('integration-error')).toHaveTextContent('connect ECONNREFUSED');
    expect(within(failing).getByTestId('webhook-last-delivery')).toHaveTextContent('Nunca');

    await userEvent.click(within(failing).getByTestId('webhook-test'));
    expect(within(failing).getByTestId('webhook-test')).toBeDisabled();
    act(() =>
      answer(
        envelope(200, [
          { ...FAILING, status: 'connected', error: '', last_sync_at: '2026-04-11T09:00:00.000Z' },
        ]),
      ),
    );
    await waitFor(() =>
      expect(within(failing).getByTestId('integration-status')).toHaveTextContent('Conectado'),
    );
    expect(within(failing).queryByTestId('integration-error')).not.toBeInTheDocument();
    expect(await screen.findByText('ERP recibió el ping: la URL responde')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/integration/test/wh-2') && call.method === 'POST')).toBe(
      true,
    );
    // The bots keep their own list: each section asks for its types.
    expect(calls.some((call) => isTo(call, 'integration/search') && !searchesWebhooks(call))).toBe(true);
  });

  it('shows the delivery log, filters it, replays a delivery and follows it live', async () => {
    const calls = stubWebhooks([makeWebhook()], (call) => {
      if (isTo(call, 'webhook/deliveries/wh-1')) {
        const rows = JSON.stringify(call.body).includes('"failed"')
          ? [makeDelivery()]
          : [DELIVERED, makeDelivery()];
        return envelope(200, rows, { pagination: { total: rows.length, page: 1, offset: 25 } });
      }
      if (isTo(call, 'webhook/replay/del-1')) {
        return envelope(200, [
          makeDelivery({ status: 'pending', error: '', next_attempt_at: '2026-04-11T10:00:00.000Z' }),
        ]);
      }
      return undefined;
    });
    const { queryClient } = renderTab();
    const dialog = await openDeliveries('CRM central');

    const failed = await deliveryRow('del-1');
    expect(within(failed).getByTestId('delivery-event')).toHaveTextContent('Contacto creado');
    expect(within(failed).getByTestId('delivery-status')).toHaveTextContent('Fallido');
    expect(within(failed).getByTestId('delivery-attempts')).toHaveTextContent('12');
    expect(within(failed).getByTestId('delivery-http')).toHaveTextContent('500');
    expect(within(failed).getByTestId('delivery-error')).toHaveTextContent('Internal Server Error');
    const delivered = await deliveryRow('del-2');
    expect(within(delivered).getByTestId('delivery-event')).toHaveTextContent('Presupuesto modificado');
    expect(within(delivered).getByTestId('delivery-status')).toHaveTextContent('Entregado');

    await userEvent.click(within(failed).getByTestId('delivery-expand'));
    expect(await within(dialog).findByTestId('delivery-payload')).toHaveTextContent('"name": "Ana Pérez"');

    await userEvent.click(within(dialog).getByTestId('delivery-filter-failed'));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(1));
    expect(calls.filter((call) => isTo(call, 'webhook/deliveries/wh-1')).at(-1)?.body).toMatchObject({
      filters: [{ key: 'status', condition: 'in', value: ['failed'] }],
    });

    await userEvent.click(within(await deliveryRow('del-1')).getByTestId('delivery-replay'));
    await waitFor(async () =>
      expect(within(await deliveryRow('del-1')).getByTestId('delivery-status')).toHaveTextContent(
        'Pendiente',
      ),
    );
    expect(calls.find((call) => isTo(call, 'webhook/replay/'))).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(/\/webhook\/replay\/del-1$/),
    });
    expect(await screen.findByText('Contacto creado: en cola para reenviarse')).toBeInTheDocument();

    act(() =>
      applyWebhookNotification(queryClient, {
        module: 'webhook',
        action: 'update',
        data: [makeDelivery({ status: 'delivered', attempts: 13, response_status: 204, error: '' })],
      }),
    );
    const live = await deliveryRow('del-1');
    await waitFor(() => expect(within(live).getByTestId('delivery-status')).toHaveTextContent('Entregado'));
    expect(within(live).getByTestId('delivery-http')).toHaveTextContent('204');
  });

  it('deletes a webhook after confirming', async () => {
    const calls = stubWebhooks([makeWebhook(), FAILING]);
    renderTab();

    await userEvent.click(within(await rowNamed('ERP')).getByTestId('webhook-delete'));
    await userEvent.click(await screen.findByTestId('webhook-delete-confirm'));

    await waitFor(() => expect(screen.getAllByTestId('webhook-row')).toHaveLength(1));
    expect(calls.find((call) => isTo(call, 'integration/deleteone'))).toMatchObject({
      method: 'DELETE',
      url: expect.stringMatching(/\/integration\/deleteone\/wh-2$/),
    });
    expect(await screen.findByText('Webhook ERP eliminado')).toBeInTheDocument();
  });

  it('shows a viewer without setting.edit the list and the log, and none of the buttons that change them', async () => {
    stubWebhooks([makeWebhook()], (call) =>
      isTo(call, 'webhook/deliveries/') ? envelope(200, [makeDelivery()]) : undefined,
    );
    renderTab(accountWith(['setting.view']));

    await rowNamed('CRM central');
    expect(screen.queryByTestId('webhook-new')).not.toBeInTheDocument();
    expect(screen.queryByTestId('webhook-test')).not.toBeInTheDocument();
    expect(screen.queryByTestId('webhook-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('webhook-delete')).not.toBeInTheDocument();

    await openDeliveries('CRM central');
    await deliveryRow('del-1');
    expect(screen.queryByTestId('delivery-replay')).not.toBeInTheDocument();
  });
});
