import {
  DEFAULT_PLAN_STORAGE_BYTES,
  EXTRA_PRICE_TYPES,
  type ExtraPriceType,
  type Plan,
  type PlanCreateInput,
  QUOTA_TYPES,
  type QuotaType,
} from '@conversa/domain';
import { numberOf, textOf } from './catalogue-form';

/** The plan dialog's fields as typed: numbers as their inputs hold them. */
export type PlanForm = {
  code: string;
  name: string;
  price_clp: string;
  price_usd: string;
  duration_days: string;
  quantities: Record<QuotaType, string>;
  /** The plan's storage in gigabytes as typed (decimals allowed); the API counts it in bytes. */
  storage_gb: string;
  extra_prices: Record<ExtraPriceType, { clp: string; usd: string }>;
  access: string[];
  is_public: boolean;
};

// Decimal gigabytes, as the storage screen writes sizes: 1 GB is 1,000,000,000 bytes.
const BYTES_PER_GB = 1_000_000_000;

/** A byte count as the gigabytes input shows it: 1500000000 is "1.5". */
export const gigabytesOf = (bytes: number): string => String(bytes / BYTES_PER_GB);

/** The gigabytes typed, as whole bytes; a blank or a non-number stays NaN so the schema names the field. */
export const bytesOf = (gigabytes: string): number => Math.round(numberOf(gigabytes) * BYTES_PER_GB);

export const planForm = (plan?: Plan): PlanForm => ({
  code: plan?.code ?? '',
  name: plan?.name ?? '',
  price_clp: textOf(plan?.price_clp ?? 0),
  price_usd: textOf(plan?.price_usd ?? 0),
  duration_days: textOf(plan?.duration_days ?? 30),
  quantities: Object.fromEntries(
    QUOTA_TYPES.map((type) => [type, textOf(plan?.quantities[type] ?? 0)]),
  ) as PlanForm['quantities'],
  storage_gb: gigabytesOf(plan?.quantities.storage ?? DEFAULT_PLAN_STORAGE_BYTES),
  extra_prices: Object.fromEntries(
    EXTRA_PRICE_TYPES.map((type) => [
      type,
      {
        clp: textOf(plan?.extra_prices[type].clp ?? 0),
        usd: textOf(plan?.extra_prices[type].usd ?? 0),
      },
    ]),
  ) as PlanForm['extra_prices'],
  access: plan?.access ?? [],
  is_public: plan?.is_public ?? true,
});

/** The body of plan/create and plan/updateone; planCreateSchema judges it on both sides. */
export const planInput = (form: PlanForm): PlanCreateInput => ({
  code: form.code.trim(),
  name: form.name,
  price_clp: numberOf(form.price_clp),
  price_usd: numberOf(form.price_usd),
  duration_days: numberOf(form.duration_days),
  quantities: {
    ...(Object.fromEntries(
      QUOTA_TYPES.map((type) => [type, numberOf(form.quantities[type])]),
    ) as PlanCreateInput['quantities']),
    storage: bytesOf(form.storage_gb),
  },
  extra_prices: Object.fromEntries(
    EXTRA_PRICE_TYPES.map((type) => [
      type,
      { clp: numberOf(form.extra_prices[type].clp), usd: numberOf(form.extra_prices[type].usd) },
    ]),
  ) as PlanCreateInput['extra_prices'],
  access: form.access as PlanCreateInput['access'],
  is_public: form.is_public,
});
