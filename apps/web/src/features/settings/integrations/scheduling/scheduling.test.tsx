import type { Integration } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../../shared/i18n';
import { subscribeNotices } from '../../../../shared/notify';
import { makeAccount } from '../../../../test/account-fixture';
import { type Call, envelope, renderSettingsAt, stubApi } from '../../test/settings-fixtures';
import { SchedulingSection } from './scheduling-section';

const DENTALINK: Integration = {
  id: 'int-dl',
  type: 'dentalink',
  name: 'Dentalink Providencia',
  device_ids: [],
  answer_new_conversations: false,
  config: { api_token: '••••abcd', confirmed_state_id: 7, cancelled_state_id: 1, branch_ids: [2, 3] },
  status: 'connected',
  last_sync_at: '2026-04-10T14:30:00.000Z',
  error: '',
  create_date: '2026-04-01T00:00:00.000Z',
};

const CATALOG = {
  states: [
    { id: '7', name: 'Confirmado por WhatsApp', cancellation: false },
    { id: '8', name: 'Confirmado por teléfono', cancellation: false },
    { id: '1', name: 'Anulado', cancellation: true },
  ],
  professionals: [{ id: '12', name: 'Dra. Soto' }],
  branches: [{ id: '2', name: 'Providencia' }],
};

const isTo = (call: Call, path: string) => call.url.includes(`/integration/${path}`);

const stubScheduling = (
  list: Integration[],
  answers: (call: Call) => Response | undefined = () => undefined,
) =>
  stubApi((call) => {
    const answered = answers(call);
    if (answered) return answered;
    if (isTo(call, 'search'))
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    return envelope(200, []);
  });

const openNew = async (type: string) => {
  await userEvent.click(await screen.findByTestId('scheduling-new'));
  await userEvent.click(await screen.findByTestId(`scheduling-new-${type}`));
  return screen.findByTestId('scheduling-dialog');
};

const fill = async (input: HTMLElement, text: string) => {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
};

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

describe('scheduling integrations', () => {
  it('creates a Standard agenda with its professionals, branches and slot, refusing a repeated id', async () => {
    const calls = stubScheduling([], (call) =>
      isTo(call, 'create')
        ? envelope(200, [{ ...DENTALINK, id: 'int-std', type: 'standard', name: 'Clínica' }])
        : undefined,
    );
    renderSettingsAt(<SchedulingSection />, makeAccount());
    const dialog = await openNew('standard');

    await fill(within(dialog).getByTestId('scheduling-name'), 'Clínica');
    const names = () => within(dialog).getAllByTestId('standard-professionals-name');
    await fill(names()[0] as HTMLElement, 'Dra. Soto');
    await fill(
      within(dialog).getAllByTestId('standard-professionals-specialty')[0] as HTMLElement,
      'Ortodoncia',
    );
    await userEvent.click(within(dialog).getByTestId('standard-add-professionals'));
    const ids = within(dialog).getAllByTestId('standard-professionals-id');
    expect(ids.map((input) => (input as HTMLInputElement).value)).toEqual(['p1', 'p2']);
    await fill(names()[1] as HTMLElement, 'Dr. Vega');
    await fill(ids[1] as HTMLElement, 'p1');
    await fill(within(dialog).getAllByTestId('standard-branches-name')[0] as HTMLElement, 'Providencia');
    await fill(within(dialog).getByTestId('scheduling-slot_minutes'), '20');

    await userEvent.click(within(dialog).getByTestId('scheduling-dialog-submit'));
    expect(helperOf(within(dialog).getAllByTestId('standard-professionals-id')[1] as HTMLElement)).toBe(
      'Este valor ya está en la lista',
    );
    expect(calls.some((call) => isTo(call, 'create'))).toBe(false);

    await fill(within(dialog).getAllByTestId('standard-professionals-id')[1] as HTMLElement, 'vega');
    await userEvent.click(within(dialog).getByTestId('scheduling-dialog-submit'));
    await waitFor(() => expect(calls.some((call) => isTo(call, 'create'))).toBe(true));
    expect(calls.find((call) => isTo(call, 'create'))?.body).toMatchObject({
      type: 'standard',
      name: 'Clínica',
      config: {
        professionals: [
          { id: 'p1', name: 'Dra. Soto', specialty: 'Ortodoncia' },
          { id: 'vega', name: 'Dr. Vega' },
        ],
        branches: [{ id: 'b1', name: 'Providencia' }],
        slot_minutes: 20,
        auto_confirmation: { enabled: false, time: '10:00', days_before: 1, reply_until: '22:00' },
      },
    });
  });

  it("connects Dentalink and shows the server's refusal of a state id on that field", async () => {
    const calls = stubScheduling([], (call) =>
      isTo(call, 'create')
        ? envelope(400, [], {
            info: 'Datos no válidos',
            errors: [{ path: 'config.confirmed_state_id', message: 'No es un estado de la cuenta' }],
          })
        : undefined,
    );
    renderSettingsAt(<SchedulingSection />, makeAccount());
    const dialog = await openNew('dentalink');

    await fill(within(dialog).getByTestId('scheduling-name'), 'Dentalink');
    await fill(within(dialog).getByTestId('scheduling-api_token'), 'tok-123456');
    await fill(within(dialog).getByTestId('scheduling-confirmed_state_id'), 'siete');
    await fill(within(dialog).getByTestId('scheduling-cancelled_state_id'), '1');
    await userEvent.click(within(dialog).getByTestId('scheduling-dialog-submit'));
    expect(helperOf(within(dialog).getByTestId('scheduling-confirmed_state_id'))).toBe(
      'Debe ser un número entero',
    );

    await fill(within(dialog).getByTestId('scheduling-confirmed_state_id'), '99');
    await userEvent.click(within(dialog).getByTestId('scheduling-dialog-submit'));
    await waitFor(() => expect(calls.some((call) => isTo(call, 'create'))).toBe(true));
    expect(calls.find((call) => isTo(call, 'create'))?.body).toMatchObject({
      type: 'dentalink',
      config: { api_token: 'tok-123456', confirmed_state_id: 99, cancelled_state_id: 1, branch_ids: [] },
    });
    expect(await within(dialog).findByTestId('scheduling-dialog-error')).toHaveTextContent(
      'Datos no válidos',
    );
    expect(helperOf(within(dialog).getByTestId('scheduling-confirmed_state_id'))).toBe(
      'No es un estado de la cuenta',
    );
  });

  it("edits Dentalink choosing the states from the account's catalog, keeping the masked token", async () => {
    const calls = stubScheduling([DENTALINK], (call) => {
      if (isTo(call, 'catalog/')) return envelope(200, [CATALOG]);
      if (isTo(call, 'updateone/')) return envelope(200, [DENTALINK]);
      return undefined;
    });
    renderSettingsAt(<SchedulingSection />, makeAccount());
    await userEvent.click(await screen.findByTestId('scheduling-edit'));
    const dialog = await screen.findByTestId('scheduling-dialog');
    expect(within(dialog).getByTestId('scheduling-branch_ids')).toHaveValue('2, 3');

    await userEvent.click(within(dialog).getByTestId('scheduling-load-states'));
    await userEvent.click(await within(dialog).findByTestId('scheduling-confirmed_state_id'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Confirmado por WhatsApp (7)',
      'Confirmado por teléfono (8)',
    ]);
    await userEvent.click(options[1] as HTMLElement);
    await userEvent.click(within(dialog).getByTestId('scheduling-dialog-submit'));

    await waitFor(() => expect(calls.some((call) => isTo(call, 'updateone/int-dl'))).toBe(true));
    expect(calls.find((call) => isTo(call, 'catalog/int-dl'))?.method).toBe('GET');
    expect(calls.find((call) => isTo(call, 'updateone/int-dl'))?.body).toMatchObject({
      name: DENTALINK.name,
      config: { api_token: '••••abcd', confirmed_state_id: 8, cancelled_state_id: 1, branch_ids: [2, 3] },
    });
  });

  it('syncs an agenda now and says when the provider refused', async () => {
    const notices: string[] = [];
    const unsubscribe = subscribeNotices((notice) =>
      notices.push(`${notice.message} | ${notice.detail ?? ''}`),
    );
    const calls = stubScheduling([DENTALINK], (call) =>
      isTo(call, 'sync/')
        ? envelope(200, [{ ...DENTALINK, status: 'error', error: '401 Unauthorized' }])
        : undefined,
    );
    renderSettingsAt(<SchedulingSection />, makeAccount());
    await userEvent.click(await screen.findByTestId('scheduling-sync'));
    await waitFor(() =>
      expect(notices).toContain('Dentalink Providencia no entregó las citas | 401 Unauthorized'),
    );
    expect(calls.find((call) => isTo(call, 'sync/int-dl'))?.method).toBe('POST');
    expect(await screen.findByTestId('integration-error')).toHaveTextContent('401 Unauthorized');
    unsubscribe();
  });

  it('offers Test, catalog and Sync for an outside system, and none of them for the built-in Standard agenda', async () => {
    const standard: Integration = {
      ...DENTALINK,
      id: 'int-std',
      type: 'standard',
      name: 'Agenda propia',
      last_sync_at: null,
    };
    stubScheduling([DENTALINK, standard]);
    renderSettingsAt(<SchedulingSection />, makeAccount());

    const rows = await screen.findAllByTestId('scheduling-row');
    const [dentalink, own] = rows.map((row) => within(row));
    for (const testId of ['scheduling-test', 'scheduling-catalog', 'scheduling-sync']) {
      expect(dentalink?.getByTestId(testId)).toBeVisible();
      expect(own?.queryByTestId(testId)).toBeNull();
    }
    expect(own?.getByTestId('scheduling-last-sync')).toHaveTextContent('Propia, sin sincronizar');
    expect(own?.getByTestId('scheduling-edit')).toBeVisible();
  });
});
