import type { Note } from '@conversa/domain';
import type { NoteRow } from '../../core/db/schema';

export const toNote = (row: NoteRow): Note => ({
  id: row.id,
  client_id: row.client_id,
  user_id: row.user_id,
  contact_id: row.contact_id,
  module: row.module,
  reference_id: row.reference_id,
  description: row.description,
  create_date: row.create_date.toISOString(),
});
