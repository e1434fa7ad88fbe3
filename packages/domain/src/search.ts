import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { INT4_MAX } from './input-limits';

/** The ten filter conditions of API.md; `contains` is case-insensitive. */
export const CONDITIONS = [
  'equalto',
  'contains',
  'in',
  'empty',
  'notempty',
  'gte',
  'lte',
  'gt',
  'lt',
  'between',
] as const;
export type Condition = (typeof CONDITIONS)[number];

export const LOGICALS = ['and', 'or'] as const;
export type Logical = (typeof LOGICALS)[number];

const scalar = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

export const filterSchema = z
  .object({
    key: z.string().min(1).max(100),
    condition: z.enum(CONDITIONS),
    value: z.union([scalar, z.array(scalar).max(1000)]).optional(),
  })
  .superRefine((filter, ctx) => {
    const isList = Array.isArray(filter.value);
    if (filter.condition === 'between' && !(Array.isArray(filter.value) && filter.value.length === 2)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.betweenNeedsTwoValues' });
    }
    if (filter.condition === 'in' && !isList) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.inNeedsList' });
    }
    const needsScalar = !['between', 'in', 'empty', 'notempty'].includes(filter.condition);
    if (needsScalar && (isList || filter.value === undefined || filter.value === null)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.required' });
    }
  });
export type Filter = z.infer<typeof filterSchema>;

export const sortSchema = z.object({
  key: z.string().min(1).max(100),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type Sort = z.infer<typeof sortSchema>;

/** The body every search, list, export and kanban route takes. */
export const searchBodySchema = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  offset: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  filters: z.array(filterSchema).max(50).default([]),
  logical: z.enum(LOGICALS).default('and'),
  sort: sortSchema.optional(),
});
export type SearchBody = z.output<typeof searchBodySchema>;
export type SearchBodyInput = z.input<typeof searchBodySchema>;

/**
 * `more` is true when `total` is a floor, not the count: lists that would have to visit tens of thousands
 * of rows to count them exactly stop at a cap (see LIST_TOTAL_CAP) and say there are more.
 */
export type Pagination = {
  total: number;
  page: number;
  offset: number;
  more?: boolean;
  /** storage/search only: the company's bytes in files and its plan's limit (StorageUsage). */
  usage?: { used: number; limit: number };
};
