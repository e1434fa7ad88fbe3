import { z } from 'zod';
import { refineSafeInput } from '../input-limits';
import { filterSchema, LOGICALS } from '../search';
import { MESSAGES, requiredText } from '../validation';
import {
  ALL_TRAITS,
  createDateField,
  enumField,
  field,
  ownerField,
  type RecordField,
  tagsField,
} from './record-fields';

/** A deal's outcome (spec section 4): open while it is being worked, then won or lost. */
export const DEAL_OUTCOMES = ['open', 'win', 'lost'] as const;
export type DealOutcome = (typeof DEAL_OUTCOMES)[number];

/**
 * The contact a deal answers with, so lists and cards need no second request. A reader without contact.view
 * gets its id and name only (notification-audience.ts), so the phone may be missing.
 */
export type DealContact = { id: string; full_name: string; phone?: string };

/** A deal (presupuesto), API.md part 2. Amounts are numbers in `currency`; dates are YYYY-MM-DD or ''. */
export type Deal = {
  id: string;
  client_id: string;
  /** 1, 2, 3… per company, given by the server, never reused. */
  numdeal: number;
  name: string;
  contact_id: string;
  contact: DealContact | null;
  pipeline_id: string;
  pipeline_stage_id: string;
  /** Order inside its kanban column, ascending. */
  position: number;
  stage: DealOutcome;
  lost_reason: string;
  branch: string;
  amount: number;
  currency: string;
  /** What its payments add up to, and what is left: amount - paid_total. */
  paid_total: number;
  balance: number;
  closing_date: string;
  expected_date: string;
  owner: string[];
  tags: string[];
  create_date: string;
};

/** One move of a deal between stages or outcomes: the deal's history (`deal/history/{id}`). */
export type DealStageChange = {
  id: string;
  deal_id: string;
  from_pipeline_stage_id: string;
  to_pipeline_stage_id: string;
  from_stage: DealOutcome | '';
  to_stage: DealOutcome;
  user_id: string;
  user_name: string;
  create_date: string;
};

export const DEAL_FIELDS: readonly RecordField[] = [
  field('numdeal', 'numdeal', 'number', ['sortable', 'filter', 'exportable', 'visible']),
  field('name', 'dealName', 'text', [...ALL_TRAITS, 'visible']),
  field('contact.full_name', 'contact', 'text', ['sortable', 'filter', 'exportable', 'visible']),
  field('pipeline_id', 'pipeline', 'pipeline', ['filter', 'exportable']),
  field('pipeline_stage_id', 'pipelineStage', 'stage', [
    'sortable',
    'filter',
    'editable',
    'exportable',
    'visible',
  ]),
  enumField('stage', 'outcome', DEAL_OUTCOMES, 'deals.outcome', [
    'sortable',
    'filter',
    'exportable',
    'visible',
  ]),
  field('lost_reason', 'lostReason', 'text', ['filter', 'exportable']),
  field('amount', 'amount', 'money', [...ALL_TRAITS, 'visible']),
  field('currency', 'currency', 'text', ['filter', 'exportable', 'importable']),
  field('paid_total', 'paidTotal', 'money', ['exportable']),
  field('balance', 'balance', 'money', ['exportable', 'visible']),
  field('branch', 'branch', 'text', ALL_TRAITS),
  field('closing_date', 'closingDate', 'date', [...ALL_TRAITS, 'visible']),
  field('expected_date', 'expectedDate', 'date', ALL_TRAITS),
  ownerField(true),
  tagsField(),
  createDateField(),
];

/** Most currencies a company sells in; the company's own comes from its country. */
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  CL: 'CLP',
  AR: 'ARS',
  MX: 'MXN',
  PE: 'PEN',
  CO: 'COP',
  BR: 'BRL',
  UY: 'UYU',
  ES: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  DE: 'EUR',
  PT: 'EUR',
  CN: 'CNY',
};
export const defaultCurrency = (country: string): string =>
  CURRENCY_BY_COUNTRY[country.toUpperCase()] ?? 'USD';

/**
 * An amount: a number or a numeric string (an imported cell, a typed field; one comma is a decimal comma,
 * as es, fr and it write it), never negative, at most 2 decimals kept.
 */
export const moneyAmount = () =>
  z
    .union([z.number(), z.string().trim().min(1, MESSAGES.number)], { error: MESSAGES.number })
    .transform((value) => Number(typeof value === 'string' ? value.replace(/^(\d+),(\d+)$/, '$1.$2') : value))
    .pipe(
      z
        .number({ error: MESSAGES.number })
        .refine(Number.isFinite, { error: MESSAGES.number })
        .refine((value) => value >= 0, { error: MESSAGES.positive })
        .refine((value) => value <= 999_999_999_999, { error: MESSAGES.number })
        .transform((value) => Math.round(value * 100) / 100),
    );

const isCalendarDate = (value: string): boolean => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A calendar date YYYY-MM-DD that exists; '' clears it. */
export const optionalDate = () =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value)), {
      error: 'validation.date',
    });

export const currencyCode = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'validation.currency' });

const listIds = z.array(z.string().max(64)).max(50);

const dealFields = {
  name: requiredText().max(120),
  /** '' for a deal without a contact. */
  contact_id: z.string().max(64),
  pipeline_id: z.string().max(64),
  pipeline_stage_id: z.string().max(64),
  position: z.number().refine(Number.isFinite, { error: MESSAGES.number }),
  stage: z.enum(DEAL_OUTCOMES),
  lost_reason: z.string().trim().max(500),
  branch: z.string().trim().max(120),
  amount: moneyAmount(),
  currency: currencyCode(),
  closing_date: optionalDate(),
  expected_date: optionalDate(),
  owner: listIds,
  tags: listIds,
};

/** A lost deal says why (spec: "lost asks a reason"). */
export const lacksLostReason = (stage: DealOutcome, lostReason: string): boolean =>
  stage === 'lost' && lostReason.trim() === '';

const refineLostReason = (
  input: { stage?: DealOutcome; lost_reason?: string },
  ctx: z.RefinementCtx,
): void => {
  if (input.stage !== undefined && lacksLostReason(input.stage, input.lost_reason ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['lost_reason'], message: 'validation.lostReason' });
  }
};

/**
 * `deal/create`: a name is required. Without a pipeline the company's first one is used; without a stage,
 * the pipeline's first; without a currency, the company's. `numdeal` is never read from the body.
 */
export const dealCreateSchema = z
  .strictObject({
    ...dealFields,
    contact_id: dealFields.contact_id.default(''),
    pipeline_id: dealFields.pipeline_id.default(''),
    pipeline_stage_id: dealFields.pipeline_stage_id.default(''),
    position: dealFields.position.optional(),
    stage: dealFields.stage.default('open'),
    lost_reason: dealFields.lost_reason.default(''),
    branch: dealFields.branch.default(''),
    amount: dealFields.amount.default(0),
    currency: dealFields.currency.optional(),
    closing_date: dealFields.closing_date.default(''),
    expected_date: dealFields.expected_date.default(''),
    owner: dealFields.owner.default([]),
    tags: dealFields.tags.default([]),
  })
  .superRefine((input, ctx) => {
    // Rows of an imported file reach this schema without passing the server's input guard.
    refineSafeInput(input, ctx);
    refineLostReason(input, ctx);
  });
export type DealCreateInput = z.input<typeof dealCreateSchema>;

/**
 * `deal/updateone`: the changed fields only. A stage of another pipeline is refused (400 on
 * `pipeline_stage_id`); losing a deal that has no reason yet needs `lost_reason` (checked with the record).
 */
export const dealUpdateSchema = z.strictObject(dealFields).partial();
export type DealUpdateInput = z.infer<typeof dealUpdateSchema>;

/** The `update` of `deal/updatemany`. */
export const dealBulkUpdateSchema = z
  .strictObject({
    pipeline_stage_id: dealFields.pipeline_stage_id,
    stage: dealFields.stage,
    lost_reason: dealFields.lost_reason,
    branch: dealFields.branch,
    closing_date: dealFields.closing_date,
    expected_date: dealFields.expected_date,
    owner: dealFields.owner,
    tags: dealFields.tags,
  })
  .partial()
  .superRefine(refineLostReason);
export type DealBulkUpdate = z.infer<typeof dealBulkUpdateSchema>;

/** Cards a kanban column answers at first; the rest come from `deal/search` on that stage. */
export const DEAL_KANBAN_CARDS = 50;

/** `POST deal/kanban`: one pipeline's columns, with the kit's filters. */
export const dealKanbanSchema = z.strictObject({
  pipeline_id: requiredText().max(64),
  filters: z.array(filterSchema).max(50).default([]),
  logical: z.enum(LOGICALS).default('and'),
});

/** `deal/list`: a deal in short form, for pickers; no contact, so any deal reader may see it whole. */
export type DealBrief = Pick<
  Deal,
  'id' | 'numdeal' | 'name' | 'pipeline_id' | 'pipeline_stage_id' | 'stage' | 'amount' | 'currency'
>;

/** One column of `deal/kanban`, in stage order. */
export type DealKanbanColumn = {
  stage: { id: string; name: string; color: string; order: number };
  count: number;
  amount_total: number;
  deals: Deal[];
};
