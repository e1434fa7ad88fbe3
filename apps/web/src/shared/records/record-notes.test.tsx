import type { Note } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../test/account-fixture';
import { envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { changeLocale } from '../i18n';
import type { Notification } from '../socket';
import { RecordNotes } from './record-notes';

const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../socket')>()),
  useSocketEvent: (event: string, handler: (payload: unknown) => void) => listeners.set(event, handler),
}));

const leadNote = (overrides: Partial<Note> = {}): Note => ({
  id: 'n1',
  client_id: 'c1',
  user_id: 'u1',
  contact_id: null,
  module: 'lead',
  reference_id: 'lead-1',
  description: 'Pidió precios',
  create_date: '2026-03-02T13:15:00.000Z',
  ...overrides,
});

beforeEach(async () => {
  listeners.clear();
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a lead's or a deal's notes", () => {
  it('asks for them by module and record, adds one that names no contact, and follows their notifications', async () => {
    let notes = [leadNote()];
    const calls = stubApi((call) => {
      if (call.url.endsWith('/note/create')) {
        const created = leadNote({ id: 'n2', description: 'Llamar mañana' });
        notes = [created, ...notes];
        return envelope(200, [created]);
      }
      return envelope(200, notes, { pagination: { page: 1, offset: 20, total: notes.length } });
    });
    renderWithProviders(
      <RecordNotes module="lead" referenceId="lead-1" />,
      signedInQueryClient(makeAccount()),
    );

    const panel = await screen.findByTestId('notes-panel');
    expect(await within(panel).findByText('Pidió precios')).toBeInTheDocument();
    expect(within(panel).getByTestId('record-note-edit')).toBeInTheDocument();
    expect(within(panel).getByTestId('record-note-delete')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      filters: [
        { key: 'module', condition: 'equalto', value: 'lead' },
        { key: 'reference_id', condition: 'equalto', value: 'lead-1' },
      ],
    });

    await userEvent.type(screen.getByTestId('record-note-text'), 'Llamar mañana');
    await userEvent.click(screen.getByTestId('record-note-add'));
    expect(await within(panel).findByText('Llamar mañana')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/note/create'))?.body).toEqual({
      description: 'Llamar mañana',
      contact_id: '',
      module: 'lead',
      reference_id: 'lead-1',
    });

    // A colleague's note on another record is not this lead's; one on this lead is read again.
    const searches = () => calls.filter((call) => call.url.endsWith('/note/search')).length;
    const before = searches();
    const other: Notification = {
      module: 'note',
      action: 'create',
      data: [leadNote({ id: 'n7', reference_id: 'lead-2' })],
      ref: 'lead-2',
    };
    listeners.get('notification')?.(other);
    expect(searches()).toBe(before);
    notes = [leadNote({ id: 'n3', description: 'Nota de un colega' }), ...notes];
    listeners.get('notification')?.({ ...other, data: [notes[0]], ref: 'lead-1' });
    expect(await within(panel).findByText('Nota de un colega')).toBeInTheDocument();
  });
});
