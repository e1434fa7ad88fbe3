import type { Pipeline } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, renderSettingsAt, stubApi } from '../test/settings-fixtures';
import { PipelinesTab } from './pipelines-tab';

const SALES: Pipeline = {
  id: 'pipe-1',
  name: 'Ventas',
  create_date: '2026-01-01T00:00:00.000Z',
  stages: [
    { id: 'st-new', name: 'Nuevo', color: '#2196f3', order: 0 },
    { id: 'st-offer', name: 'Propuesta', color: '#ff9800', order: 1 },
    { id: 'st-close', name: 'Cierre', color: '#4caf50', order: 2 },
  ],
};
const account = () => ({ ...makeAccount(), list_pipeline: [SALES] });

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const openEditor = async () => {
  await userEvent.click(await screen.findByTestId('pipeline-edit'));
  return screen.findByRole('dialog');
};

describe('pipelines settings', () => {
  it('saves the whole stage list: kept stages with their id, new ones without, in the new order', async () => {
    const calls = stubApi((call) => (call.method === 'PUT' ? envelope(200, [SALES]) : envelope(200, [])));
    renderSettingsAt(<PipelinesTab />, account());

    const dialog = await openEditor();
    const rows = within(dialog).getAllByTestId('pipeline-stage');
    // Cierre leaves, Propuesta goes first, a new Ganado comes last.
    await userEvent.click(within(rows[2] as HTMLElement).getByTestId('pipeline-stage-remove'));
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Subir' }));
    await userEvent.click(within(dialog).getByTestId('pipeline-add-stage'));
    const names = within(dialog).getAllByTestId('pipeline-stage-name');
    await userEvent.type(names[2] as HTMLElement, 'Ganado');
    await userEvent.click(within(dialog).getByTestId('pipeline-submit'));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toMatch(/\/pipeline\/updateone\/pipe-1$/);
    expect(put?.body).toEqual({
      name: 'Ventas',
      stages: [
        { id: 'st-offer', name: 'Propuesta', color: '#ff9800' },
        { id: 'st-new', name: 'Nuevo', color: '#2196f3' },
        { name: 'Ganado', color: expect.stringMatching(/^#[0-9a-f]{6}$/i) },
      ],
    });
  });

  it('moves the deals of a stage in use to a kept stage, then saves again', async () => {
    let isInUse = true;
    const calls = stubApi((call) => {
      if (call.url.includes('/pipeline/updateone/') && isInUse) {
        return envelope(406, [], { info: 'La etapa Cierre tiene presupuestos' });
      }
      if (call.url.endsWith('/deal/updatemany')) {
        isInUse = false;
        return envelope(200, [], { info: '3 presupuestos actualizados' });
      }
      return envelope(200, [SALES]);
    });
    renderSettingsAt(<PipelinesTab />, account());

    const dialog = await openEditor();
    const rows = within(dialog).getAllByTestId('pipeline-stage');
    await userEvent.click(within(rows[2] as HTMLElement).getByTestId('pipeline-stage-remove'));
    await userEvent.click(within(dialog).getByTestId('pipeline-submit'));

    const warning = await within(dialog).findByTestId('pipeline-stage-in-use');
    expect(warning).toHaveTextContent('La etapa Cierre tiene presupuestos');
    await userEvent.click(within(warning).getByTestId('pipeline-move-and-save'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.url.endsWith('/deal/updatemany'))?.body).toEqual({
      find: { filters: [{ key: 'pipeline_stage_id', condition: 'equalto', value: 'st-close' }] },
      update: { pipeline_stage_id: 'st-new' },
    });
    expect(calls.filter((call) => call.url.includes('/pipeline/updateone/'))).toHaveLength(2);
  });
});
