import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';
import { searchBodySchema } from './search';
import { requiredText } from './validation';

export const NOTE_MODULES = ['contact', 'deal', 'lead'] as const;
export type NoteModule = (typeof NOTE_MODULES)[number];

export type Note = {
  id: string;
  client_id: string;
  user_id: string;
  contact_id: string | null;
  module: NoteModule;
  reference_id: string;
  description: string;
  create_date: string;
};

/**
 * A note on a contact names the contact (`contact_id`); a note on a lead names the lead (`reference_id`)
 * and needs no contact: it follows the lead to its contact when the lead is converted.
 */
export const noteCreateSchema = z.object({
  description: requiredText().max(5000),
  contact_id: z.string().max(64).default(''),
  module: z.enum(NOTE_MODULES).default('contact'),
  reference_id: z.string().max(64).default(''),
});
export type NoteCreateInput = z.input<typeof noteCreateSchema>;

export const noteUpdateSchema = z.object({ description: requiredText().max(5000) }).strict();

/** Notes list 20 a page unless the body says otherwise. */
export const noteSearchSchema = searchBodySchema.extend({
  offset: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.notes),
});
