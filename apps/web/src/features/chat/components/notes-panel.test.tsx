import type { Note, PermissionKey } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import type { Notification } from '../../../shared/socket';
import { makeAccount } from '../../../test/account-fixture';
import { type Call, envelope, stubApi } from '../../../test/api-stub';
import { makeContact } from '../test/chat-fixtures';
import { renderSignedIn } from '../test/render-chat';
import { ContactSidePanel } from './contact-side-panel';

const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../../../shared/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/socket')>()),
  useSocketEvent: (event: string, handler: (payload: unknown) => void) => listeners.set(event, handler),
}));

const makeNote = (overrides: Partial<Note> = {}): Note => ({
  id: 'n1',
  client_id: 'c1',
  user_id: 'u1',
  contact_id: 'k1',
  module: 'contact',
  reference_id: 'k1',
  description: 'Llamar el lunes',
  create_date: '2026-03-02T13:15:00.000Z',
  ...overrides,
});

/** The server as the side panel sees it: the contact's notes, changed by what the panel sends. */
const stubNotes = (initial: Note[]) => {
  let notes = initial;
  const calls = stubApi((call: Call) => {
    if (call.url.endsWith('/note/search'))
      return envelope(200, notes, { pagination: { page: 1, offset: 20, total: notes.length } });
    if (call.url.includes('/note/updateone/')) {
      const description = (call.body as { description: string }).description;
      notes = notes.map((note) => (call.url.endsWith(`/${note.id}`) ? { ...note, description } : note));
      return envelope(
        200,
        notes.filter((note) => call.url.endsWith(`/${note.id}`)),
      );
    }
    if (call.url.includes('/note/deleteone/')) {
      notes = notes.filter((note) => !call.url.endsWith(`/${note.id}`));
      return envelope(200, []);
    }
    if (call.url.endsWith('/note/create')) {
      const created = makeNote({ id: 'n9', description: (call.body as { description: string }).description });
      notes = [created, ...notes];
      return envelope(200, [created]);
    }
    return envelope(200, []);
  });
  return {
    calls,
    set: (next: Note[]) => {
      notes = next;
    },
  };
};

const renderPanel = (access: PermissionKey[]) =>
  renderSignedIn(
    <ContactSidePanel contact={makeContact()} />,
    makeAccount({ user: { account: 'user', access: ['chat.view', ...access] } }),
  );

beforeEach(async () => {
  listeners.clear();
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the contact's notes in the chat", () => {
  it('asks for the notes by the contact and adds one named by the contact', async () => {
    const { calls } = stubNotes([makeNote()]);
    renderPanel(['note.view', 'note.create']);

    const panel = await screen.findByTestId('notes-panel');
    expect(within(panel).getByText('Notas')).toBeInTheDocument();
    expect(await within(panel).findByText('Llamar el lunes')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/note/search'))?.body).toMatchObject({
      filters: [{ key: 'contact_id', condition: 'equalto', value: 'k1' }],
      sort: { key: 'create_date', order: 'desc' },
    });

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Añadir un comentario...' }),
      'Enviar presupuesto',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Agregar nota' }));

    expect(await within(panel).findByText('Enviar presupuesto')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/note/create'))?.body).toEqual({
      description: 'Enviar presupuesto',
      contact_id: 'k1',
      module: 'contact',
      reference_id: 'k1',
    });
    expect(screen.getByRole('textbox', { name: 'Añadir un comentario...' })).toHaveValue('');
  });

  it('edits and deletes a note with note.edit and note.delete', async () => {
    const { calls } = stubNotes([makeNote(), makeNote({ id: 'n2', description: 'Confirmar hora' })]);
    renderPanel(['note.view', 'note.edit', 'note.delete']);

    const [first] = await screen.findAllByTestId('record-note');
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Editar' }));
    const draft = screen.getByTestId('record-note-draft');
    await userEvent.clear(draft);
    await userEvent.type(draft, 'Llamar el martes');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Llamar el martes')).toBeInTheDocument();
    expect(screen.queryByTestId('record-note-draft')).not.toBeInTheDocument();
    const edit = calls.find((call) => call.url.includes('/note/updateone/'));
    expect(edit).toMatchObject({ method: 'PUT', body: { description: 'Llamar el martes' } });
    expect(edit?.url).toMatch(/\/note\/updateone\/n1$/);

    const second = screen.getAllByTestId('record-note')[1] as HTMLElement;
    await userEvent.click(within(second).getByRole('button', { name: 'Eliminar' }));
    expect(screen.getByRole('alertdialog', { name: '¿Eliminar esta nota?' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-yes'));

    await waitFor(() => expect(screen.queryByText('Confirmar hora')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('record-note')).toHaveLength(1);
    const removal = calls.find((call) => call.url.includes('/note/deleteone/'));
    expect(removal?.method).toBe('DELETE');
    expect(removal?.url).toMatch(/\/note\/deleteone\/n2$/);
  });

  it('offers no box, edit or delete without note.create, note.edit and note.delete', async () => {
    stubNotes([makeNote()]);
    renderPanel(['note.view']);

    expect(await screen.findByText('Llamar el lunes')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Añadir un comentario...' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('record-note-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('record-note-delete')).not.toBeInTheDocument();
  });

  it('shows no notes without note.view', async () => {
    const { calls } = stubNotes([makeNote()]);
    renderPanel(['task.view', 'note.create', 'note.edit', 'note.delete']);

    expect(await screen.findByTestId('record-tasks')).toBeInTheDocument();
    expect(screen.queryByTestId('notes-panel')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/note/'))).toBe(false);
  });

  it('shows the empty state, then a colleague’s note as its notification arrives', async () => {
    const server = stubNotes([]);
    renderPanel(['note.view']);

    expect(await screen.findByText('Aún no hay notas')).toBeInTheDocument();
    server.set([makeNote({ description: 'Nota de un colega' })]);
    const notification: Notification = { module: 'note', action: 'create', data: [makeNote()], ref: 'k1' };
    listeners.get('notification')?.(notification);

    expect(await screen.findByText('Nota de un colega')).toBeInTheDocument();
  });

  it('lists 20 a page and asks for the next one with its button', async () => {
    const all = Array.from({ length: 21 }, (_, index) =>
      makeNote({ id: `n${index}`, description: `Nota ${index}` }),
    );
    const calls = stubApi((call) => {
      if (!call.url.endsWith('/note/search')) return envelope(200, []);
      const page = (call.body as { page: number }).page;
      return envelope(200, all.slice((page - 1) * 20, page * 20), {
        pagination: { page, offset: 20, total: all.length },
      });
    });
    renderPanel(['note.view']);

    expect(await screen.findAllByTestId('record-note')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Ver más notas' }));

    expect(await screen.findByText('Nota 20')).toBeInTheDocument();
    expect(screen.getAllByTestId('record-note')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Ver más notas' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/note/search')).map((call) => call.body)).toMatchObject([
      { page: 1, offset: 20 },
      { page: 2, offset: 20 },
    ]);
  });

  it('says the notes could not be loaded when the search fails', async () => {
    stubApi((call) =>
      call.url.endsWith('/note/search') ? envelope(500, [], { info: 'Error' }) : envelope(200, []),
    );
    renderPanel(['note.view']);

    expect(await screen.findByText('No se pudieron cargar las notas.')).toBeInTheDocument();
  });
});
