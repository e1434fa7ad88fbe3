import type { Note, noteCreateSchema, SearchBody } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../core/db/database';
import { deals, leads, notes } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { createContactsRepository } from '../contacts/contacts.repository';
import { toNote } from './notes.mapper';
import { createNotesRepository, NOTE_SEARCH_FIELDS } from './notes.repository';

type NoteCreate = z.output<typeof noteCreateSchema>;

const announce = (tx: Executor, clientId: string, action: string, data: unknown, ref: string) =>
  createRealtimeEventsRepository(tx).record(clientId, { module: 'note', action, data: [data], ref });

export const createNotesService = ({ db, events }: { db: Database; events: EventBus }) => {
  const repo = createNotesRepository(db);

  const loadInTenant = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  /** Whether the lead or deal a note names is the company's. */
  const ownsReference = async (auth: AuthContext, module: 'lead' | 'deal', id: string) => {
    if (!isUuid(id)) return false;
    const table = module === 'lead' ? leads : deals;
    const found = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.client_id, auth.clientId), eq(table.id, id)));
    return found.length > 0;
  };

  /**
   * The contact a new note belongs to: the one it names, or none for a lead's or a deal's note (whose lead
   * or deal must be the company's).
   */
  const relatedContactOf = async (auth: AuthContext, input: NoteCreate): Promise<string | null> => {
    if (input.module !== 'contact' && input.contact_id === '') {
      if (!(await ownsReference(auth, input.module, input.reference_id))) throw notFound();
      return null;
    }
    const contact = isUuid(input.contact_id)
      ? await createContactsRepository(db).findById(auth.clientId, input.contact_id)
      : undefined;
    if (!contact) throw notFound();
    return contact.id;
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, NOTE_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: notes.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(toNote), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<Note> {
      return toNote(await loadInTenant(auth, id));
    },

    async create(auth: AuthContext, input: NoteCreate): Promise<Note> {
      const contactId = await relatedContactOf(auth, input);
      const { note, notification } = await db.transaction(async (tx) => {
        const row = await createNotesRepository(tx).insert(auth.clientId, {
          user_id: auth.userId,
          contact_id: contactId,
          module: input.module,
          reference_id: input.reference_id,
          description: input.description,
        });
        const created = toNote(row);
        // ref is the record the notes panel shows: the contact's conversation, the lead or the deal.
        return {
          note: created,
          notification: await announce(tx, auth.clientId, 'create', created, contactId ?? input.reference_id),
        };
      });
      events.emit('note.created', { clientId: auth.clientId, note, notifications: [notification] });
      return note;
    },

    async update(auth: AuthContext, id: string, description: string): Promise<Note> {
      await loadInTenant(auth, id);
      const { note, notification } = await db.transaction(async (tx) => {
        const row = await createNotesRepository(tx).update(auth.clientId, id, description);
        if (!row) throw notFound();
        const updated = toNote(row);
        return {
          note: updated,
          notification: await announce(
            tx,
            auth.clientId,
            'update',
            updated,
            updated.contact_id ?? updated.reference_id,
          ),
        };
      });
      events.emit('note.updated', { clientId: auth.clientId, note, notifications: [notification] });
      return note;
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const current = await loadInTenant(auth, id);
      const notification = await db.transaction(async (tx) => {
        if (!(await createNotesRepository(tx).delete(auth.clientId, id))) throw notFound();
        return announce(
          tx,
          auth.clientId,
          'delete',
          { id, contact_id: current.contact_id },
          current.contact_id ?? current.reference_id,
        );
      });
      events.emit('note.deleted', { clientId: auth.clientId, noteId: id, notifications: [notification] });
    },
  };
};

export type NotesService = ReturnType<typeof createNotesService>;
