import { z } from 'zod';
import { EXTRA_PRICE_TYPES, QUOTA_TYPES } from './billing';
import { INT4_MAX } from './input-limits';
import { CLIENT_PERMISSIONS } from './permissions';
import { MAX_PLAN_STORAGE_BYTES } from './storage';
import { MESSAGES, requiredText } from './validation';

/** Messages of the catalogue forms (plans and features), i18n keys like the other validation messages. */
export const CATALOGUE_MESSAGES = {
  planAccess: 'validation.planAccess',
  dollars: 'validation.dollars',
  code: 'validation.catalogueCode',
} as const;

/** The largest amount `numeric(12, 2)` holds. */
export const MAX_DOLLARS = 9_999_999_999.99;

/** A count or a peso amount: a whole number of 0 or more. */
export const wholeAmount = () =>
  z
    .number({ error: MESSAGES.number })
    .int(MESSAGES.number)
    .min(0, MESSAGES.number)
    .max(INT4_MAX, MESSAGES.number);

/** Dollars with at most two decimals (cents), 0 or more. */
export const dollarAmount = () =>
  z
    .number({ error: CATALOGUE_MESSAGES.dollars })
    .min(0, CATALOGUE_MESSAGES.dollars)
    .max(MAX_DOLLARS, CATALOGUE_MESSAGES.dollars)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: CATALOGUE_MESSAGES.dollars,
    });

/** A catalogue code: what checkouts and the seed name a plan or a feature by. */
export const catalogueCode = () =>
  requiredText()
    .max(50, CATALOGUE_MESSAGES.code)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: CATALOGUE_MESSAGES.code });

/** A plan's storage: whole bytes from 0 to MAX_PLAN_STORAGE_BYTES (a terabyte). */
const planStorageBytes = () =>
  z
    .number({ error: MESSAGES.number })
    .int(MESSAGES.number)
    .min(0, MESSAGES.number)
    .max(MAX_PLAN_STORAGE_BYTES, MESSAGES.number);

const unitPriceSchema = z.strictObject({ clp: wholeAmount(), usd: dollarAmount() });

/** The permission keys a plan can give: a company's, never the master's. */
export const planAccessSchema = z
  .array(z.enum(CLIENT_PERMISSIONS, { error: MESSAGES.invalid }))
  .max(CLIENT_PERMISSIONS.length)
  .min(1, CATALOGUE_MESSAGES.planAccess)
  .transform((keys) => [...new Set(keys)]);

const quantitiesShape = Object.fromEntries(QUOTA_TYPES.map((type) => [type, wholeAmount()])) as Record<
  (typeof QUOTA_TYPES)[number],
  ReturnType<typeof wholeAmount>
>;
const extraPricesShape = Object.fromEntries(
  EXTRA_PRICE_TYPES.map((type) => [type, unitPriceSchema]),
) as Record<(typeof EXTRA_PRICE_TYPES)[number], typeof unitPriceSchema>;

/** `POST plan/create` (master). */
export const planCreateSchema = z.strictObject({
  code: catalogueCode(),
  name: requiredText().max(100),
  price_clp: wholeAmount(),
  price_usd: dollarAmount(),
  duration_days: z
    .number({ error: MESSAGES.positive })
    .int(MESSAGES.positive)
    .min(1, MESSAGES.positive)
    .max(36_500, MESSAGES.positive),
  // Storage is optional: a plan that names none gets DEFAULT_PLAN_STORAGE_BYTES (an update keeps its own).
  quantities: z.strictObject({ ...quantitiesShape, storage: planStorageBytes().optional() }),
  extra_prices: z.strictObject(extraPricesShape),
  access: planAccessSchema,
  is_public: z.boolean().default(true),
});
export type PlanCreateInput = z.input<typeof planCreateSchema>;

/** `PUT plan/updateone/{id}`: what is given changes; the quantities and prices are given whole. */
export const planUpdateSchema = planCreateSchema.extend({ is_public: z.boolean().optional() }).partial();
export type PlanUpdateInput = z.input<typeof planUpdateSchema>;
