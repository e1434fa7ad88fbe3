import type { NoteModule } from '@conversa/domain';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';
import { users } from './users';

export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contact_id: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    module: text('module').$type<NoteModule>().notNull().default('contact'),
    reference_id: text('reference_id').notNull().default(''),
    description: text('description').notNull(),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notes_client_id_contact_id_create_date_idx').on(
      table.client_id,
      table.contact_id,
      table.create_date,
    ),
  ],
);

export type NoteRow = typeof notes.$inferSelect;
