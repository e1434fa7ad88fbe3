import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { searchBodySchema } from '../search';
import { requiredText } from '../validation';

/** Dynamic lists (smart lists): the tags and statuses a company defines per module. */
export const LIST_MODULES = ['contact', 'lead', 'deal', 'task'] as const;
export type ListModule = (typeof LIST_MODULES)[number];

export const isListModule = (module: string): module is ListModule =>
  (LIST_MODULES as readonly string[]).includes(module);

export const LIST_FIELDS = ['status_id', 'tags'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

/** `GET listdinamic/fields`: the pairs a company can define (a contact's status is its stage). */
export const LIST_FIELD_PAIRS: readonly { module: ListModule; field: ListField }[] = [
  { module: 'contact', field: 'status_id' },
  { module: 'contact', field: 'tags' },
  { module: 'lead', field: 'status_id' },
  { module: 'lead', field: 'tags' },
  { module: 'deal', field: 'tags' },
  { module: 'task', field: 'status_id' },
  { module: 'task', field: 'tags' },
];

export const DEFAULT_TAG_COLOR = '#f44336';

export type ListItem = {
  id: string;
  module: ListModule;
  field: ListField;
  name: string;
  color: string;
  /** Active items are offered; an inactive one still shows on the records that carry it. */
  status: boolean;
  /** The order of kanban columns and menus. */
  position: number;
};

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.color' });

/** `listdinamic/create`; the body's `client_id` is accepted and ignored (the token decides). */
export const listItemCreateSchema = z
  .strictObject({
    client_id: z.string().max(64).optional(),
    module: z.enum(LIST_MODULES),
    field: z.enum(LIST_FIELDS),
    name: requiredText().max(60),
    color: color.default(DEFAULT_TAG_COLOR),
    status: z.boolean().default(true),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .refine(
    (input) => LIST_FIELD_PAIRS.some((pair) => pair.module === input.module && pair.field === input.field),
    {
      path: ['field'],
      error: 'validation.invalid',
    },
  );

export const listItemUpdateSchema = z
  .strictObject({
    client_id: z.string().max(64).optional(),
    name: requiredText().max(60),
    color,
    status: z.boolean(),
    position: z.number().int().min(0).max(10_000),
  })
  .partial();

/** `listdinamic/search`: a company has few items, so one page holds them all unless asked otherwise. */
export const listItemSearchSchema = searchBodySchema.extend({
  offset: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});
