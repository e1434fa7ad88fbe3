import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { type filterSchema, searchBodySchema, sortSchema } from '../search';
import { requiredText } from '../validation';
import type { SettingViewField } from './record-fields';

/** The modules whose records a saved view can show. Later modules add themselves here. */
export const VIEW_MODULES = ['contact', 'lead', 'deal', 'payment', 'task'] as const;
export type ViewModule = (typeof VIEW_MODULES)[number];

/** A saved view (API.md part 2): personal (`owner` a user id) or the whole company's (`owner` null). */
export type View = {
  id: string;
  module: ViewModule;
  name: string;
  columns: string[];
  filters: { filters: z.infer<typeof filterSchema>[]; logical: 'and' | 'or' };
  sort: { key: string; order: 'asc' | 'desc' } | null;
  kanban: { columns: string[] };
  is_default: boolean;
  owner: string | null;
  create_date: string;
};

const viewFields = {
  name: requiredText().max(60),
  columns: z.array(z.string().min(1).max(100)).min(1, { error: 'validation.atLeastOneColumn' }).max(100),
  /**
   * A whole search body, so the list's current search saves as it is; only its filters and logical are
   * kept: the page and size belong to whoever opens the view, and the view orders by its own `sort`.
   */
  filters: searchBodySchema.transform(({ filters, logical }) => ({ filters, logical })),
  sort: sortSchema.nullable(),
  kanban: z.strictObject({ columns: z.array(z.string().max(64)).max(100) }),
  is_default: z.boolean(),
  /** true: the whole company's view (needs setting.edit); false: the current user's own. */
  shared: z.boolean(),
};

export const viewCreateSchema = z.strictObject({
  module: z.enum(VIEW_MODULES),
  ...viewFields,
  filters: viewFields.filters.default({ filters: [], logical: 'and' }),
  sort: viewFields.sort.default(null),
  kanban: viewFields.kanban.default({ columns: [] }),
  is_default: viewFields.is_default.default(false),
  shared: viewFields.shared.default(false),
});
export type ViewCreateInput = z.input<typeof viewCreateSchema>;

export const viewUpdateSchema = z.strictObject(viewFields).partial();

/** `view/search`: the caller's own views and the company's; few enough for one page. */
export const viewSearchSchema = searchBodySchema.extend({
  offset: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(100),
});

/** The account bundle's `setting_views`: every view module's setting view (`view/fields/{module}`). */
export type SettingViews = Partial<Record<ViewModule, SettingViewField[]>>;
