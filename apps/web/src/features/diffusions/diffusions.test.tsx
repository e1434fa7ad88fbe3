import type { Diffusion, DiffusionStatus } from '@conversa/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { subscribeNotices } from '../../shared/notify';
import { type Call, envelope, renderRecords, stubApi } from '../../shared/records/test/records-fixtures';
import { renderRoutesAt } from '../../test/render';
import { applyDiffusionNotification } from './diffusions-live';
import { DiffusionDetailPage } from './pages/diffusion-detail-page';
import { DiffusionsPage } from './pages/diffusions-page';
import {
  makeDiffusion,
  makeRecipient,
  marketingAccount,
  PROMO_TEMPLATE,
  VIP,
  WHATSAPP,
} from './test/diffusion-fixtures';

const isTo = (call: Call, path: string) => call.url.includes(`/${path}`);
const created = () => makeDiffusion({ id: 'diff-new', status: 'draft' });

/** The diffusions API with an empty list, the template search and a create that answers a draft. */
const stubMarketing = (list: Diffusion[] = []) =>
  stubApi((call) => {
    if (isTo(call, 'diffusion/search'))
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    if (isTo(call, 'template/search')) return envelope(200, [PROMO_TEMPLATE]);
    if (isTo(call, 'diffusion/create')) return envelope(200, [created()]);
    if (isTo(call, 'diffusion/cancel/')) return envelope(200, [makeDiffusion({ status: 'cancelled' })]);
    return envelope(200, []);
  });

const openNewDiffusion = async () => {
  await userEvent.click(await screen.findByTestId('new-diffusion'));
  return screen.findByTestId('diffusion-dialog');
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the new diffusion form', () => {
  it('shows min over max on the maximum field of the pacing, and sends nothing', async () => {
    const calls = stubMarketing();
    renderRecords(<DiffusionsPage />, marketingAccount());
    const dialog = await openNewDiffusion();

    const minimum = within(dialog).getByTestId('diffusion-pacing-min_interval');
    const maximum = within(dialog).getByTestId('diffusion-pacing-max_interval');
    expect(minimum).toHaveValue('5');
    expect(maximum).toHaveAccessibleDescription('En segundos');
    expect(within(dialog).getByTestId('diffusion-pacing-max_batch')).toHaveAccessibleDescription(
      'En mensajes',
    );

    await userEvent.clear(minimum);
    await userEvent.type(minimum, '30');
    expect(maximum).toHaveAccessibleDescription('El máximo no puede ser menor que el mínimo');
    expect(minimum).toHaveAccessibleDescription('En segundos');

    await userEvent.click(within(dialog).getByTestId('diffusion-dialog-submit'));
    expect(calls.some((call) => isTo(call, 'diffusion/create'))).toBe(false);
  });

  it('sends on the chosen days only, and says a window without days never opens', async () => {
    const calls = stubMarketing();
    renderRecords(<DiffusionsPage />, marketingAccount());
    const dialog = await openNewDiffusion();

    for (const day of [1, 2, 3, 4, 5])
      await userEvent.click(within(dialog).getByTestId(`diffusion-day-${day}`));
    expect(within(dialog).getByTestId('diffusion-days-help')).toHaveTextContent(
      'Con estos días y horas el envío nunca se abre',
    );
    await userEvent.click(within(dialog).getByTestId('diffusion-day-7'));
    await userEvent.click(within(dialog).getByTestId('diffusion-day-6'));
    expect(within(dialog).getByTestId('diffusion-days-help')).toHaveTextContent(
      'Fuera de estos días y horas la difusión espera.',
    );
    expect(within(dialog).getByText(/zona horaria America\/Santiago/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByTestId('diffusion-name'));
    await userEvent.paste('Fin de semana');
    await userEvent.click(within(dialog).getByTestId('diffusion-lists'));
    await userEvent.click(await screen.findByRole('option', { name: VIP.name }));
    await userEvent.click(within(dialog).getByTestId('diffusion-body'));
    await userEvent.paste('Hola ');
    await userEvent.click(within(dialog).getByTestId('diffusion-insert-firstname'));
    await userEvent.click(within(dialog).getByTestId('diffusion-dialog-submit'));

    await waitFor(() => expect(calls.filter((call) => isTo(call, 'diffusion/create'))).toHaveLength(1));
    expect(calls.find((call) => isTo(call, 'diffusion/create'))?.body).toMatchObject({
      name: 'Fin de semana',
      device_id: WHATSAPP.id,
      audience: { module: 'contact', filters: [], list_ids: [VIP.id] },
      message: { type: 'chat', body: 'Hola $firstname' },
      scheduled_at: null,
      send_window: { from: '09:00', to: '20:00', days: [6, 7] },
      pacing: {
        min_interval: 5,
        max_interval: 15,
        min_batch: 20,
        max_batch: 40,
        min_pause: 60,
        max_pause: 180,
      },
      max_monthly_responses: 0,
    });
  });

  it('previews the text as a real recipient of the audience will read it', async () => {
    const camila = {
      phone: '56911112222',
      first_name: 'Camila',
      last_name: 'Rojas',
      full_name: 'Camila Rojas',
    };
    const calls = stubApi((call) => {
      if (isTo(call, 'diffusion/preview')) return envelope(200, [camila]);
      if (isTo(call, 'diffusion/search'))
        return envelope(200, [], { pagination: { total: 0, page: 1, offset: 25 } });
      return envelope(200, []);
    });
    renderRecords(<DiffusionsPage />, marketingAccount());
    const dialog = await openNewDiffusion();
    await userEvent.click(within(dialog).getByTestId('diffusion-body'));
    await userEvent.paste('Hola $firstname $lastname, soy $username');

    const preview = await within(dialog).findByTestId('diffusion-preview');
    await waitFor(() => expect(preview).toHaveTextContent('Hola Camila Rojas, soy'));
    expect(preview).not.toHaveTextContent('$');
    expect(within(dialog).getByTestId('diffusion-preview-recipient')).toHaveTextContent(
      'Así lo leerá Camila Rojas (56911112222)',
    );
    expect(calls.find((call) => isTo(call, 'diffusion/preview'))?.body).toMatchObject({
      audience: { module: 'contact', filters: [], list_ids: [] },
    });
  });

  it('asks for every parameter of the chosen template and previews it filled', async () => {
    const calls = stubMarketing();
    renderRecords(<DiffusionsPage />, marketingAccount());
    const dialog = await openNewDiffusion();
    await userEvent.click(within(dialog).getByTestId('diffusion-name'));
    await userEvent.paste('Promo');
    await userEvent.click(within(dialog).getByTestId('diffusion-type-template'));
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Plantilla aprobada/ }));
    await userEvent.click(await screen.findByRole('option', { name: /promo_mes/ }));

    expect(calls.find((call) => isTo(call, 'template/search'))?.body).toMatchObject({
      filters: [
        { key: 'device_id', condition: 'equalto', value: WHATSAPP.id },
        { key: 'status', condition: 'equalto', value: 'APPROVED' },
      ],
    });
    await userEvent.click(within(dialog).getByTestId('diffusion-dialog-submit'));
    expect(within(dialog).getByTestId('diffusion-parameter-1')).toHaveAccessibleDescription(
      'Este campo es obligatorio',
    );
    expect(within(dialog).getByTestId('diffusion-parameter-2')).toHaveAccessibleDescription(
      'Este campo es obligatorio',
    );
    expect(calls.some((call) => isTo(call, 'diffusion/create'))).toBe(false);

    await userEvent.click(within(dialog).getByTestId('diffusion-parameter-1'));
    await userEvent.paste('$firstname');
    await userEvent.click(within(dialog).getByTestId('diffusion-parameter-2'));
    await userEvent.paste('20%');
    expect(within(dialog).getByTestId('diffusion-preview')).toHaveTextContent(
      'Hola Ana, tu descuento es 20%',
    );
    await userEvent.click(within(dialog).getByTestId('diffusion-dialog-submit'));
    await waitFor(() => expect(calls.filter((call) => isTo(call, 'diffusion/create'))).toHaveLength(1));
    expect(calls.find((call) => isTo(call, 'diffusion/create'))?.body).toMatchObject({
      message: {
        type: 'template',
        body: '',
        template_id: PROMO_TEMPLATE.id,
        parameters: ['$firstname', '20%'],
      },
    });
  });
});

describe('the diffusions list', () => {
  const row = (name: string) =>
    screen.getAllByTestId('diffusion-row').find((item) => item.dataset.name === name);
  const actionsOf = (name: string) =>
    within(row(name) as HTMLElement)
      .queryAllByRole('button')
      .map((button) => button.dataset.testid);
  const byStatus: Diffusion[] = (
    ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled'] as DiffusionStatus[]
  ).map((status) =>
    makeDiffusion({ id: status, name: status, status, pause_reason: status === 'paused' ? 'spam' : '' }),
  );

  it('offers the actions each state allows, with the pause reason and the progress', async () => {
    stubMarketing(byStatus);
    renderRecords(<DiffusionsPage />, marketingAccount());
    await screen.findAllByTestId('diffusion-row');

    expect(actionsOf('draft')).toEqual(['diffusion-start', 'diffusion-edit', 'diffusion-delete']);
    expect(actionsOf('scheduled')).toEqual([
      'diffusion-start',
      'diffusion-edit',
      'diffusion-cancel',
      'diffusion-delete',
    ]);
    expect(actionsOf('running')).toEqual(['diffusion-pause', 'diffusion-cancel']);
    expect(actionsOf('paused')).toEqual(['diffusion-resume', 'diffusion-edit', 'diffusion-cancel']);
    expect(actionsOf('completed')).toEqual(['diffusion-delete']);
    expect(within(row('paused') as HTMLElement).getByTestId('diffusion-pause-reason')).toHaveTextContent(
      'WhatsApp detectó posible spam',
    );
    // 3 sent and 1 failed of 10 recipients.
    expect(within(row('running') as HTMLElement).getByTestId('diffusion-progress')).toHaveTextContent(
      '4 de 10 (40 %)',
    );
  });

  it("opens a diffusion's page in a new tab from its table cell, as the records tables do", async () => {
    stubMarketing(byStatus);
    renderRecords(<DiffusionsPage />, marketingAccount());
    await screen.findAllByTestId('diffusion-row');
    const link = within(row('draft') as HTMLElement).getByTestId('diffusion-link');
    expect(link).toHaveAttribute('href', '/app/diffusions/draft');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('cancels after the confirmation, and shows no actions to a person who may only look', async () => {
    const calls = stubMarketing(byStatus);
    const { unmount } = renderRecords(<DiffusionsPage />, marketingAccount());
    await screen.findAllByTestId('diffusion-row');
    await userEvent.click(within(row('running') as HTMLElement).getByTestId('diffusion-cancel'));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('¿Cancelar «running»?');
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(calls.some((call) => isTo(call, 'diffusion/cancel/running'))).toBe(true));
    unmount();

    renderRecords(<DiffusionsPage />, marketingAccount(['marketing.view']));
    await screen.findAllByTestId('diffusion-row');
    expect(screen.queryByTestId('new-diffusion')).not.toBeInTheDocument();
    expect(actionsOf('draft')).toEqual([]);
    expect(actionsOf('running')).toEqual([]);
  });
});

describe('a diffusion’s page', () => {
  it('shows its totals and recipients, and follows a progress notification live', async () => {
    const diffusion = makeDiffusion();
    const calls = stubApi((call) => {
      if (isTo(call, `diffusion/search/${diffusion.id}`)) return envelope(200, [diffusion]);
      if (isTo(call, `diffusion/recipients/${diffusion.id}`)) {
        return envelope(
          200,
          [
            makeRecipient(),
            makeRecipient({
              id: 'rec-2',
              phone: '56933334444',
              state: 'skipped',
              reason: 'optout',
              sent_at: null,
              message_id: '',
            }),
          ],
          {
            pagination: { total: 2, page: 1, offset: 25 },
          },
        );
      }
      return envelope(200, []);
    });
    const { queryClient } = renderRoutesAt(
      `/app/diffusions/${diffusion.id}`,
      <Route path="/app/diffusions/:id" element={<DiffusionDetailPage />} />,
      marketingAccount(),
    );

    expect(await screen.findByTestId('diffusion-total-sent')).toHaveTextContent('3');
    expect(screen.getByTestId('diffusion-status')).toHaveTextContent('Enviando');
    expect(screen.getByTestId('diffusion-pause')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('recipient-row');
    expect(rows[1]).toHaveTextContent('Omitido');
    expect(rows[1]).toHaveTextContent('Pidió no recibir más mensajes');
    const asked = calls.filter((call) => isTo(call, 'diffusion/recipients')).length;

    const totals = { ...diffusion.totals, pending: 0, sent: 8, delivered: 5 };
    act(() =>
      applyDiffusionNotification(queryClient, {
        module: 'diffusion',
        action: 'progress',
        data: [{ id: diffusion.id, totals }],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('diffusion-total-sent')).toHaveTextContent('8'));
    expect(screen.getByTestId('diffusion-total-pending')).toHaveTextContent('0');
    expect(screen.getByTestId('diffusion-progress')).toHaveTextContent('9 de 10 (90 %)');
    // Progress carries no status: the pause arrives in its own update.
    expect(screen.getByTestId('diffusion-status')).toHaveTextContent('Enviando');
    act(() =>
      applyDiffusionNotification(queryClient, {
        module: 'diffusion',
        action: 'update',
        data: [{ ...diffusion, status: 'paused', pause_reason: 'throughput', totals }],
      }),
    );
    expect(await screen.findByTestId('diffusion-pause-reason')).toHaveTextContent(
      'WhatsApp pidió bajar el ritmo (límite de envío por segundo)',
    );
    expect(screen.getByTestId('diffusion-resume')).toBeInTheDocument();
    // The recipients' page is read again for their new states.
    await waitFor(() =>
      expect(calls.filter((call) => isTo(call, 'diffusion/recipients')).length).toBeGreaterThan(asked),
    );
  });

  it('says when a diffusion outside its send window will send, in the company’s time zone, and Start says it too', async () => {
    const timeZone = 'America/Santiago';
    const inADay = new Date(Date.now() + 86_400_000);
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(inADay);
    const tomorrow = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday) + 1;
    const draft = makeDiffusion({
      status: 'draft',
      send_window: { from: '10:00', to: '11:00', days: [tomorrow] },
    });
    const info = 'La difusión empezará a enviar el sábado (hora de America/Santiago)';
    stubApi((call) => {
      if (isTo(call, `diffusion/search/${draft.id}`)) return envelope(200, [draft]);
      if (isTo(call, `diffusion/start/${draft.id}`))
        return envelope(200, [{ ...draft, status: 'running' }], { info });
      return envelope(200, []);
    });
    renderRoutesAt(
      `/app/diffusions/${draft.id}`,
      <Route path="/app/diffusions/:id" element={<DiffusionDetailPage />} />,
      marketingAccount(),
    );
    const day = new Intl.DateTimeFormat('es', { dateStyle: 'full', timeZone }).format(inADay);
    const nextStart = await screen.findByTestId('diffusion-next-start');
    expect(nextStart).toHaveTextContent(
      `Fuera de su horario de envío: los mensajes saldrán a partir del ${day}`,
    );
    expect(nextStart).toHaveTextContent('10:00');
    expect(nextStart).toHaveTextContent('(hora de America/Santiago)');

    const notices: string[] = [];
    const stop = subscribeNotices((notice) => notices.push(notice.message));
    await userEvent.click(await screen.findByTestId('diffusion-start'));
    await waitFor(() => expect(notices).toContain(info));
    stop();
  });

  it('keeps a completion that arrived live before the answer to Start', async () => {
    const draft = makeDiffusion({ status: 'draft' });
    const done = { ...draft.totals, recipients: 1, pending: 0, sent: 1 };
    let queryClient: Parameters<typeof applyDiffusionNotification>[0] | undefined;
    stubApi((call) => {
      if (isTo(call, `diffusion/search/${draft.id}`)) return envelope(200, [draft]);
      if (isTo(call, `diffusion/start/${draft.id}`)) {
        // The sender finished on the server and its notification came in first.
        if (queryClient) {
          applyDiffusionNotification(queryClient, {
            module: 'diffusion',
            action: 'update',
            data: [{ ...draft, status: 'completed', totals: done }],
          });
        }
        return envelope(200, [{ ...draft, status: 'running', totals: { ...done, pending: 1, sent: 0 } }]);
      }
      return envelope(200, []);
    });
    queryClient = renderRoutesAt(
      `/app/diffusions/${draft.id}`,
      <Route path="/app/diffusions/:id" element={<DiffusionDetailPage />} />,
      marketingAccount(),
    ).queryClient;
    await userEvent.click(await screen.findByTestId('diffusion-start'));
    await waitFor(() => expect(screen.getByTestId('diffusion-status')).toHaveTextContent('Completada'));
    expect(screen.getByTestId('diffusion-progress')).toHaveAttribute('data-percent', '100');
  });

  it('filters the recipients by state and by part of the phone', async () => {
    const diffusion = makeDiffusion();
    const calls = stubApi((call) => {
      if (isTo(call, `diffusion/search/${diffusion.id}`)) return envelope(200, [diffusion]);
      if (isTo(call, 'diffusion/recipients'))
        return envelope(200, [makeRecipient()], { pagination: { total: 1, page: 1, offset: 25 } });
      return envelope(200, []);
    });
    renderRoutesAt(
      `/app/diffusions/${diffusion.id}`,
      <Route path="/app/diffusions/:id" element={<DiffusionDetailPage />} />,
      marketingAccount(),
    );
    await screen.findAllByTestId('recipient-row');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByTestId('recipients-state-failed'));
    await userEvent.type(screen.getByTestId('recipients-phone'), '+56 9 1111');
    await waitFor(
      () =>
        expect(calls.filter((call) => isTo(call, 'diffusion/recipients')).at(-1)?.body).toMatchObject({
          filters: [
            { key: 'state', condition: 'equalto', value: 'failed' },
            { key: 'phone', condition: 'contains', value: '5691111' },
          ],
        }),
      { timeout: 3000 },
    );
  });
});
