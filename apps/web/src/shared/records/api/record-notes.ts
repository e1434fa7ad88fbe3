import { type Note, PAGE_SIZE } from '@conversa/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../api-client';

/** A record with notes of its own: a lead or a deal (a contact's notes are its conversation's). */
export type NotedModule = 'lead' | 'deal';

export const recordNotesKey = (module: NotedModule, referenceId: string) =>
  ['records', module, 'notes', referenceId] as const;

/** One page of notes, newest first, with how many there are in all. */
export type NotesPage = { items: Note[]; total: number };

/** The record's notes (its module and id as the reference), newest first, 20 a page. */
const getRecordNotes = async (
  module: NotedModule,
  referenceId: string,
  page: number,
  signal?: AbortSignal,
): Promise<NotesPage> => {
  const envelope = await api.request<Note>('note/search', {
    method: 'POST',
    body: {
      page,
      offset: PAGE_SIZE.notes,
      filters: [
        { key: 'module', condition: 'equalto', value: module },
        { key: 'reference_id', condition: 'equalto', value: referenceId },
      ],
      logical: 'and',
      sort: { key: 'create_date', order: 'desc' },
    },
    signal,
  });
  return { items: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
};

export const useRecordNotes = (module: NotedModule, referenceId: string) =>
  useInfiniteQuery({
    queryKey: recordNotesKey(module, referenceId),
    queryFn: ({ pageParam, signal }) => getRecordNotes(module, referenceId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
  });

/** One change to a list of notes: a new one, a new text, or a deletion. */
export type NoteChange =
  | { kind: 'create'; description: string }
  | { kind: 'edit'; id: string; description: string }
  | { kind: 'delete'; id: string };

/**
 * What a new note names: a lead's or deal's record (it stays with the record), or a contact, whose
 * conversation and detail page both list it.
 */
export type NoteOwner = { contact_id: string; module: string; reference_id: string };

/** Sends one change of a list of notes; answers the note written (none for a deletion). */
export const sendNoteChange = async (owner: NoteOwner, change: NoteChange): Promise<Note | null> => {
  if (change.kind === 'delete') {
    await api.request(`note/deleteone/${change.id}`, { method: 'DELETE', errors: 'caller' });
    return null;
  }
  if (change.kind === 'edit') {
    return firstOf(
      await api.request<Note>(`note/updateone/${change.id}`, {
        method: 'PUT',
        body: { description: change.description },
        errors: 'caller',
      }),
    );
  }
  return firstOf(
    await api.request<Note>('note/create', {
      method: 'POST',
      body: { description: change.description, ...owner },
      errors: 'caller',
    }),
  );
};

/** Adds, edits or deletes one of the record's notes; the list is read again after. */
export const useChangeRecordNote = (module: NotedModule, referenceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NoteChange) =>
      sendNoteChange({ contact_id: '', module, reference_id: referenceId }, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordNotesKey(module, referenceId) }),
  });
};
