import type { AccountBundle, Integration } from '@conversa/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formattersFor } from '../../../shared/format/intl-format';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { makeDevice } from '../../devices/test/device-fixtures';
import { type Call, envelope, renderSettingsAt, stubApi } from '../test/settings-fixtures';
import { applyIntegrationNotification } from './integrations-live';
import { IntegrationsTab } from './integrations-tab';

const WHATSAPP = makeDevice('whatsapp', { id: 'device-wa', name: 'WhatsApp ventas' });
const SANDBOX = makeDevice('sandbox', { id: 'device-sb', name: 'Pruebas' });

const accountWith = (access?: string[]): AccountBundle => {
  const account = makeAccount(access ? { user: { account: 'user', access } } : {});
  return {
    ...account,
    list_device: [WHATSAPP, SANDBOX],
    list_user: [
      ...account.list_user,
      { id: 'u2', name: 'Pedro Soto', email: 'pedro@clinica.cl', account: 'user', online: true },
    ],
  };
};

const CHATGPT_CONFIG = {
  api_key: '••••abcd',
  bot_model: 'gpt-4o-mini',
  temperature: 0.7,
  max_tokens: 500,
  context_message_limit: 10,
  system_prompt: 'Eres el asistente de la clínica.',
  method: 'chat_completions',
  tool_type: 'json_schema',
  max_messages_per_day: 200,
  handoff_user_id: '',
  handoff_text: 'Te atiende una persona.',
};

const makeIntegration = (overrides: Partial<Integration> = {}): Integration => ({
  id: 'int-1',
  type: 'chatgpt',
  name: 'Asistente',
  device_ids: [WHATSAPP.id],
  answer_new_conversations: true,
  config: CHATGPT_CONFIG,
  status: 'connected',
  last_sync_at: '2026-04-10T14:30:00.000Z',
  error: '',
  create_date: '2026-04-01T00:00:00.000Z',
  ...overrides,
});

const FAILING = makeIntegration({
  id: 'int-2',
  type: 'dialogflow',
  name: 'Recepción',
  device_ids: [SANDBOX.id],
  config: {
    credentials: '••••n"}',
    project_id: 'clinica-123',
    language: '',
    max_messages_per_day: 200,
    handoff_user_id: 'u2',
    handoff_text: '',
  },
  status: 'error',
  last_sync_at: null,
  error: 'invalid_grant: Invalid JWT Signature.',
});

const isTo = (call: Call, path: string) => call.url.includes(`/integration/${path}`);

/** The integrations API: the list, and per route the answer a test gives (else an empty 200). */
const stubIntegrations = (
  list: Integration[],
  answers: (call: Call) => Response | Promise<Response> | undefined = () => undefined,
) =>
  stubApi((call) => {
    const answered = answers(call);
    if (answered) return answered;
    if (isTo(call, 'search')) {
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    }
    return envelope(200, []);
  });

const renderTab = (account = accountWith()) => renderSettingsAt(<IntegrationsTab />, account);

const rowNamed = (name: string) =>
  waitFor(() => {
    const row = screen
      .getAllByTestId('integration-row')
      .find((candidate) => within(candidate).queryByText(name));
    if (!row) throw new Error(`no row named ${name}`);
    return row;
  });

const openNew = async (type: 'chatgpt' | 'dialogflow') => {
  await userEvent.click(await screen.findByTestId('integration-new'));
  await userEvent.click(await screen.findByTestId(`integration-new-${type}`));
  return screen.findByTestId('integration-dialog');
};

const fieldOf = (dialog: HTMLElement, key: string) =>
  within(dialog).getByTestId(`integration-config-${key}`) as HTMLInputElement;

/** Replaces a field's text as a paste does: typing long texts key by key is slow on a busy machine. */
const fill = async (input: HTMLElement, text: string) => {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
};

/** A field's helper or error text, found from its input. */
const helperOf = (input: HTMLElement) => {
  const described = input.getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : undefined;
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('integrations settings', () => {
  it('lists the bots with their type, devices, status, error and last connection', async () => {
    const calls = stubIntegrations([makeIntegration(), FAILING]);
    renderTab();

    const working = await rowNamed('Asistente');
    expect(within(working).getByTestId('integration-type')).toHaveTextContent('ChatGPT');
    expect(within(working).getByTestId('integration-logo-chatgpt')).toBeInTheDocument();
    expect(within(working).getByTestId('integration-devices')).toHaveTextContent('WhatsApp ventas');
    expect(within(working).getByTestId('integration-status')).toHaveTextContent('Conectado');
    expect(within(working).getByTestId('integration-last-sync')).toHaveTextContent(
      formattersFor('es').dateTime('2026-04-10T14:30:00.000Z'),
    );

    const failing = await rowNamed('Recepción');
    expect(within(failing).getByTestId('integration-type')).toHaveTextContent('Dialogflow');
    expect(within(failing).getByTestId('integration-devices')).toHaveTextContent('Pruebas');
    expect(within(failing).getByTestId('integration-status')).toHaveTextContent('Error');
    expect(within(failing).getByTestId('integration-error')).toHaveTextContent(
      'invalid_grant: Invalid JWT Signature.',
    );
    expect(within(failing).getByTestId('integration-last-sync')).toHaveTextContent('Nunca');

    // The bots and the webhooks below them are two lists, each asking for its own types.
    expect(calls.filter((call) => isTo(call, 'search')).map((call) => call.body)).toContainEqual(
      expect.objectContaining({
        filters: [{ key: 'type', condition: 'in', value: ['chatgpt', 'dialogflow'] }],
      }),
    );
  });

  it('says when there are no bots yet, and offers Retry when the list fails to load', async () => {
    let isDown = true;
    stubIntegrations([], () => (isDown ? envelope(500, [], { info: 'Error del servidor' }) : undefined));
    renderTab();

    expect(await screen.findByText('No se pudieron cargar las integraciones')).toBeInTheDocument();
    isDown = false;
    await userEvent.click(within(screen.getByTestId('bots')).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aún no hay bots')).toBeInTheDocument();
  });

  it('creates a ChatGPT bot with its devices and its numbers sent as numbers', async () => {
    const created = makeIntegration({ id: 'int-new', name: 'Bot ventas' });
    const calls = stubIntegrations([], (call) =>
      isTo(call, 'create') ? envelope(200, [created]) : undefined,
    );
    renderTab();
    await screen.findByText('Aún no hay bots');

    const dialog = await openNew('chatgpt');
    await fill(within(dialog).getByTestId('integration-name'), 'Bot ventas');
    await userEvent.click(within(dialog).getByTestId('integration-devices'));
    await userEvent.click(await screen.findByTestId(`integration-device-option-${WHATSAPP.id}`));
    await fill(fieldOf(dialog, 'api_key'), 'sk-test-1234');
    await fill(fieldOf(dialog, 'temperature'), '0,4');
    await fill(fieldOf(dialog, 'max_tokens'), '800');
    await fill(fieldOf(dialog, 'max_messages_per_day'), '50');
    await fill(fieldOf(dialog, 'system_prompt'), 'Responde sobre horarios.');
    await userEvent.click(within(dialog).getByTestId('integration-config-tool_type'));
    await userEvent.click(await screen.findByRole('option', { name: 'JSON mode' }));
    await userEvent.click(within(dialog).getByTestId('integration-config-handoff_user_id'));
    await userEvent.click(await screen.findByRole('option', { name: 'Pedro Soto' }));
    await fill(fieldOf(dialog, 'handoff_text'), 'Te atiende Pedro.');
    await userEvent.click(within(dialog).getByTestId('integration-answer-new'));
    await userEvent.click(within(dialog).getByTestId('integration-dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId('integration-dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => isTo(call, 'create'))?.body).toEqual({
      type: 'chatgpt',
      name: 'Bot ventas',
      device_ids: [WHATSAPP.id],
      answer_new_conversations: false,
      config: {
        api_key: 'sk-test-1234',
        bot_model: 'gpt-4o-mini',
        temperature: 0.4,
        max_tokens: 800,
        context_message_limit: 10,
        system_prompt: 'Responde sobre horarios.',
        method: 'chat_completions',
        tool_type: 'json_object',
        max_messages_per_day: 50,
        handoff_user_id: 'u2',
        handoff_text: 'Te atiende Pedro.',
      },
    });
    expect(await rowNamed('Bot ventas')).toBeInTheDocument();
    expect(await screen.findByText('Bot Bot ventas creado')).toBeInTheDocument();
  });

  it('refuses a temperature of 3 with the domain’s limits and sends nothing', async () => {
    const calls = stubIntegrations([]);
    renderTab();
    await screen.findByText('Aún no hay bots');

    const dialog = await openNew('chatgpt');
    await fill(within(dialog).getByTestId('integration-name'), 'Bot');
    await fill(fieldOf(dialog, 'api_key'), 'sk-test-1234');
    const temperature = fieldOf(dialog, 'temperature');
    await fill(temperature, '3');
    await userEvent.click(within(dialog).getByTestId('integration-dialog-submit'));

    expect(temperature).toHaveAttribute('aria-invalid', 'true');
    expect(helperOf(temperature)).toBe('Entre 0 y 2');
    expect(calls.some((call) => isTo(call, 'create'))).toBe(false);
    expect(screen.getByTestId('integration-dialog')).toBeInTheDocument();
  });

  it('shows the server’s refusal of the API key on that field', async () => {
    stubIntegrations([], (call) =>
      isTo(call, 'create')
        ? envelope(400, [], {
            info: 'Datos no válidos',
            errors: [{ path: 'config.api_key', message: 'OpenAI rechazó la clave' }],
          })
        : undefined,
    );
    renderTab();
    await screen.findByText('Aún no hay bots');

    const dialog = await openNew('chatgpt');
    await fill(within(dialog).getByTestId('integration-name'), 'Bot');
    await fill(fieldOf(dialog, 'api_key'), 'sk-wrong');
    await userEvent.click(within(dialog).getByTestId('integration-dialog-submit'));

    const key = fieldOf(dialog, 'api_key');
    await waitFor(() => expect(helperOf(key)).toBe('OpenAI rechazó la clave'));
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByTestId('integration-dialog-error')).toHaveTextContent('Datos no válidos');
    // Typing a new key clears the server's word on it.
    await userEvent.type(key, 'x');
    expect(key).toHaveAttribute('aria-invalid', 'false');
  });

  it('saves an edit with the masked key as it was shown, so the stored one is kept', async () => {
    const bot = makeIntegration();
    const calls = stubIntegrations([bot], (call) =>
      isTo(call, 'updateone') ? envelope(200, [{ ...bot, name: 'Asistente web' }]) : undefined,
    );
    renderTab();

    await userEvent.click(within(await rowNamed('Asistente')).getByTestId('integration-edit'));
    const dialog = await screen.findByTestId('integration-dialog');
    expect(fieldOf(dialog, 'api_key')).toHaveValue('••••abcd');
    expect(helperOf(fieldOf(dialog, 'api_key'))).toBe(
      'Déjala como está para conservar la guardada, o escribe una nueva.',
    );
    await fill(within(dialog).getByTestId('integration-name'), 'Asistente web');
    await userEvent.click(within(dialog).getByTestId('integration-dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId('integration-dialog')).not.toBeInTheDocument());
    const put = calls.find((call) => isTo(call, 'updateone'));
    expect(put?.url).toMatch(/\/integration\/updateone\/int-1$/);
    expect(put?.body).toEqual({
      name: 'Asistente web',
      device_ids: [WHATSAPP.id],
      answer_new_conversations: true,
      config: CHATGPT_CONFIG,
    });
    expect(await rowNamed('Asistente web')).toBeInTheDocument();
  });

  it('tests a bot: the row spins, then takes the new status and the snackbar says how it went', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubIntegrations([FAILING], (call) =>
      isTo(call, 'test/')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    renderTab();

    const row = await rowNamed('Recepción');
    await userEvent.click(within(row).getByTestId('integration-test'));
    expect(within(row).getByTestId('integration-test')).toBeDisabled();
    act(() =>
      answer(
        envelope(200, [
          { ...FAILING, status: 'connected', error: '', last_sync_at: '2026-04-11T09:00:00.000Z' },
        ]),
      ),
    );

    await waitFor(() => expect(within(row).getByTestId('integration-status')).toHaveTextContent('Conectado'));
    expect(within(row).queryByTestId('integration-error')).not.toBeInTheDocument();
    expect(within(row).getByTestId('integration-last-sync')).toHaveTextContent(
      formattersFor('es').dateTime('2026-04-11T09:00:00.000Z'),
    );
    expect(await screen.findByText('Recepción respondió: la conexión funciona')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/integration/test/int-2') && call.method === 'POST')).toBe(
      true,
    );
  });

  it('shows a bot nobody has tested as not checked, and a failed Test in Spanish with the provider’s words below', async () => {
    const fresh = makeIntegration({ id: 'int-3', name: 'Nuevo', status: 'unchecked', last_sync_at: null });
    stubIntegrations([fresh], (call) =>
      isTo(call, 'test/')
        ? envelope(200, [{ ...fresh, status: 'error', error: '401 Incorrect API key provided' }])
        : undefined,
    );
    renderTab();

    const row = await rowNamed('Nuevo');
    expect(within(row).getByTestId('integration-status')).toHaveTextContent('Sin comprobar');
    expect(within(row).getByTestId('integration-unchecked')).toHaveTextContent(
      'Pulsa Probar para comprobar la conexión.',
    );
    await userEvent.click(within(row).getByTestId('integration-test'));

    const bar = await screen.findByTestId('snackbar');
    expect(bar).toHaveTextContent('Nuevo no respondió');
    expect(within(bar).getByTestId('snackbar-detail')).toHaveTextContent('401 Incorrect API key provided');
    await waitFor(() => expect(within(row).getByTestId('integration-status')).toHaveTextContent('Error'));
  });

  it('deletes a bot after confirming', async () => {
    const calls = stubIntegrations([makeIntegration(), FAILING]);
    renderTab();

    await userEvent.click(within(await rowNamed('Recepción')).getByTestId('integration-delete'));
    await userEvent.click(await screen.findByTestId('integration-delete-confirm'));

    await waitFor(() => expect(screen.getAllByTestId('integration-row')).toHaveLength(1));
    expect(calls.find((call) => isTo(call, 'deleteone'))).toMatchObject({
      method: 'DELETE',
      url: expect.stringMatching(/\/integration\/deleteone\/int-2$/),
    });
  });

  it('shows a viewer without setting.edit the list and none of the buttons', async () => {
    stubIntegrations([makeIntegration(), FAILING]);
    renderTab(accountWith(['setting.view']));

    await rowNamed('Asistente');
    expect(screen.queryByTestId('integration-new')).not.toBeInTheDocument();
    expect(screen.queryByTestId('integration-test')).not.toBeInTheDocument();
    expect(screen.queryByTestId('integration-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('integration-delete')).not.toBeInTheDocument();
  });

  it('adds a bot created elsewhere and follows its changes live', async () => {
    stubIntegrations([makeIntegration()]);
    const { queryClient } = renderTab();
    await rowNamed('Asistente');

    act(() =>
      applyIntegrationNotification(queryClient, {
        module: 'integration',
        action: 'create',
        data: [FAILING],
      }),
    );
    expect(await rowNamed('Recepción')).toBeInTheDocument();
    expect(screen.getAllByTestId('integration-row')).toHaveLength(2);

    act(() =>
      applyIntegrationNotification(queryClient, {
        module: 'integration',
        action: 'update',
        data: [{ ...makeIntegration(), status: 'error', error: '429 Too Many Requests' }],
      }),
    );
    const changed = await rowNamed('Asistente');
    await waitFor(() =>
      expect(within(changed).getByTestId('integration-error')).toHaveTextContent('429 Too Many Requests'),
    );

    act(() =>
      applyIntegrationNotification(queryClient, {
        module: 'integration',
        action: 'delete',
        data: [{ id: 'int-1' }],
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('integration-row')).toHaveLength(1));
  });
});
