import { z } from 'zod';
import { filterSchema, LOGICALS } from '../search';

/** The records a bulk route touches: explicit ids, or every record a search body's filters find. */
const targetShape = {
  ids: z.array(z.string().max(64)).min(1).max(10_000).optional(),
  find: z
    .strictObject({
      filters: z.array(filterSchema).max(50).default([]),
      logical: z.enum(LOGICALS).default('and'),
    })
    .optional(),
};

const oneTarget = <T extends { ids?: unknown; find?: unknown }>(input: T, ctx: z.RefinementCtx) => {
  if ((input.ids === undefined) === (input.find === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.idsOrFind' });
  }
};

/** `X/deletemany { ids | find }`. */
export const bulkDeleteSchema = z.strictObject(targetShape).superRefine(oneTarget);
export type BulkDeleteInput = z.infer<typeof bulkDeleteSchema>;

/** `X/updatemany { ids | find, update }`; `update` is checked against the module's update schema. */
export const bulkUpdateSchema = <U extends z.ZodType>(update: U) =>
  z.strictObject({ ...targetShape, update }).superRefine(oneTarget);
