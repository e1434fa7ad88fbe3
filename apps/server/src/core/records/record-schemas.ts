import { searchBodySchema } from '@conversa/domain';
import { z } from 'zod';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `X/export`: the search body (its page and offset are ignored: every match is exported) plus the file's shape. */
export const exportBodySchema = searchBodySchema.extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** Field keys in file order; every exportable field when absent. */
  columns: z.array(z.string().min(1).max(100)).min(1).max(100).optional(),
});
export type ExportBody = z.output<typeof exportBodySchema>;

/** `X/kanban`: the search body (offset is each column's page size) and the field to group by. */
export const kanbanBodySchema = searchBodySchema.extend({
  field: z.string().min(1).max(100).optional(),
});
export type KanbanBody = z.output<typeof kanbanBodySchema>;
