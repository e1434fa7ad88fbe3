import type { AccountBundle, Template } from '@conversa/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../../test/render';
import { makeDevice } from '../../devices/test/device-fixtures';
import { applyTemplateNotification } from './templates-api';
import { TemplatesTab } from './templates-tab';

const OFFICIAL = makeDevice('whatsapp', { id: 'device-wa', name: 'WhatsApp ventas' });
const BRIDGE = makeDevice('whatsapp', { id: 'device-bridge', name: 'WhatsApp personal', mode: 'unofficial' });

const account = (): AccountBundle => ({ ...makeAccount(), list_device: [OFFICIAL, BRIDGE] });

const makeTemplate = (overrides: Partial<Template> = {}): Template => ({
  id: 'tpl-1',
  client_id: 'c1',
  device_id: OFFICIAL.id,
  name: 'order_ready',
  language: 'es_CL',
  status: 'APPROVED',
  category: 'UTILITY',
  quality: 'GREEN',
  reason: '',
  example: 'Hola {{1}}',
  components: [{ type: 'BODY', text: 'Hola {{1}}' }],
  schema: { template: { name: 'order_ready', language: 'es_CL', components: [] } },
  create_date: '2026-04-01T12:00:00.000Z',
  update_date: '2026-04-02T12:00:00.000Z',
  ...overrides,
});

const renderTab = (templates: Template[]) => {
  const calls = stubApi((call) => {
    if (call.url.endsWith('/template/search')) return envelope(200, templates);
    if (call.url.includes('/template/updateone/'))
      return envelope(200, [makeTemplate({ status: 'PENDING' })]);
    if (call.url.endsWith('/template/create')) {
      const body = call.body as { name: string };
      return envelope(200, [
        makeTemplate({ id: 'tpl-new', name: body.name, status: 'PENDING', quality: 'UNKNOWN' }),
      ]);
    }
    return envelope(200, []);
  });
  const queryClient = signedInQueryClient(account());
  renderWithProviders(<TemplatesTab />, queryClient);
  return { calls, queryClient };
};

/** Types text as it is, braces included (user-event reads `{` as a key name otherwise). */
const write = async (testId: string, text: string) => {
  const input = screen.getByTestId(testId);
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
  await userEvent.tab();
};

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('templates tab', () => {
  it('lists templates with their status and quality chips, kept current by notifications', async () => {
    const { queryClient } = renderTab([
      makeTemplate(),
      makeTemplate({
        id: 'tpl-2',
        name: 'promo_winter',
        status: 'REJECTED',
        reason: 'INVALID_FORMAT',
        quality: 'UNKNOWN',
      }),
    ]);
    const approved = await screen.findByTestId('template-row-order_ready');
    expect(within(approved).getByTestId('template-status')).toHaveTextContent('Aprobada');
    expect(within(approved).getByTestId('template-status')).toHaveClass('MuiChip-colorSuccess');
    expect(within(approved).getByTestId('template-quality')).toHaveTextContent('Alta');
    expect(within(approved).getByText('WhatsApp ventas')).toBeInTheDocument();
    const rejected = screen.getByTestId('template-row-promo_winter');
    expect(within(rejected).getByTestId('template-status')).toHaveTextContent('Rechazada');
    expect(within(rejected).getByTestId('template-status')).toHaveClass('MuiChip-colorError');
    expect(within(rejected).getByTestId('template-quality')).toHaveTextContent('Sin calificar');

    act(() =>
      applyTemplateNotification(queryClient, {
        module: 'template',
        action: 'update',
        data: [makeTemplate({ quality: 'RED', status: 'PAUSED' })],
      }),
    );
    await waitFor(() => expect(within(approved).getByTestId('template-quality')).toHaveTextContent('Baja'));
    expect(within(approved).getByTestId('template-quality')).toHaveClass('MuiChip-colorError');
    expect(within(approved).getByTestId('template-status')).toHaveTextContent('Pausada');
  });

  it('asks before deleting, and Cancel keeps the template', async () => {
    const { calls } = renderTab([makeTemplate()]);
    await userEvent.click(await screen.findByTestId('template-delete-order_ready'));
    expect(screen.getByText('¿Eliminar la plantilla order_ready?')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('template-delete-cancel'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('template-delete-order_ready'));
    await userEvent.click(screen.getByTestId('template-delete-confirm'));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        expect.stringMatching(/\/template\/deleteone\/tpl-1$/),
      ]),
    );
  });

  it('asks one example per body variable as it is typed, and previews the bubble with them', async () => {
    renderTab([]);
    await userEvent.click(await screen.findByTestId('templates-new'));
    expect(screen.getByText('El cuerpo no tiene variables')).toBeInTheDocument();

    await write('template-body', 'Hola {{1}}, tu pedido {{2}} está listo.');
    expect(screen.getByLabelText('Ejemplo de la variable 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Ejemplo de la variable 2')).toBeInTheDocument();

    await write('template-body_examples-0', '$firstname');
    await write('template-body_examples-1', 'A-1');
    expect(screen.getByTestId('template-preview-body')).toHaveTextContent(
      'Hola Ana, tu pedido A-1 está listo.',
    );

    await write('template-body', 'Hola {{1}}, gracias.');
    expect(screen.queryByLabelText('Ejemplo de la variable 2')).not.toBeInTheDocument();
  });

  it('shows the rules broken in the bundle’s words and sends nothing until they hold', async () => {
    const { calls } = renderTab([]);
    await userEvent.click(await screen.findByTestId('templates-new'));
    await write('template-name', 'Pedido Listo');
    await write('template-language', 'es_CL');
    await write('template-body', '{{1}} tu pedido está listo');
    await userEvent.click(screen.getByTestId('template-create-submit'));

    expect(await screen.findByText('Usa solo minúsculas, dígitos y guiones bajos')).toBeInTheDocument();
    expect(screen.getByText('El texto no puede empezar ni terminar con una variable')).toBeInTheDocument();
    expect(screen.getByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/template/create'))).toBe(false);

    await write('template-name', 'pedido_listo');
    await write('template-body', 'Hola {{1}}, tu pedido está listo.');
    await write('template-body_examples-0', 'Ana');
    await userEvent.click(screen.getByTestId('template-create-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/template/create'))?.body).toEqual({
        device_id: OFFICIAL.id,
        name: 'pedido_listo',
        language: 'es_CL',
        category: 'MARKETING',
        header: '',
        header_example: '',
        body: 'Hola {{1}}, tu pedido está listo.',
        body_examples: ['Ana'],
        footer: '',
        buttons: [],
      }),
    );
  });

  it('offers only official WhatsApp devices', async () => {
    renderTab([]);
    await userEvent.click(await screen.findByTestId('templates-new'));
    await userEvent.click(screen.getByLabelText('Dispositivo (WhatsApp oficial)'));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['WhatsApp ventas']);
  });
});

describe('editing a template', () => {
  it("fills the form with an approved template's content, keeps its name and sends the new content for review", async () => {
    const approved = makeTemplate({
      components: [{ type: 'BODY', text: 'Hola {{1}}', example: { body_text: [['Ana']] } }],
    });
    const { calls } = renderTab([
      approved,
      makeTemplate({ id: 'tpl-2', name: 'in_review', status: 'PENDING' }),
    ]);

    await userEvent.click(await screen.findByTestId('template-edit-order_ready'));
    // A template in review cannot be edited (WhatsApp's rule): no action on its row.
    expect(screen.queryByTestId('template-edit-in_review')).not.toBeInTheDocument();
    expect(screen.getByTestId('template-name')).toHaveValue('order_ready');
    expect(screen.getByTestId('template-name')).toBeDisabled();
    expect(screen.getByTestId('template-body')).toHaveValue('Hola {{1}}');
    expect(screen.getByTestId('template-body_examples-0')).toHaveValue('Ana');

    await write('template-body', 'Hola {{1}}, tu pedido está listo');
    await userEvent.click(screen.getByTestId('template-create-submit'));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toMatch(/\/template\/updateone\/tpl-1$/);
    expect(put?.body).toMatchObject({
      category: 'UTILITY',
      body: 'Hola {{1}}, tu pedido está listo',
      body_examples: ['Ana'],
    });
    expect(put?.body).not.toHaveProperty('name');
    expect(await screen.findByText('order_ready se envió a revisión')).toBeInTheDocument();
  });
});
