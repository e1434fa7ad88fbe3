import {
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
  extra_prices: Record<ExtraPriceType, { clp: string; usd: string }>;
  access: string[];
  is_public: boolean;
};

export const planForm = (plan?: Plan): PlanForm => ({
  code: plan?.code ?? '',
  name: plan?.name ?? '',
  price_clp: textOf(plan?.price_clp ?? 0),
  price_usd: textOf(plan?.price_usd ?? 0),
  duration_days: textOf(plan?.duration_days ?? 30),
  quantities: Object.fromEntries(
    QUOTA_TYPES.map((type) => [type, textOf(plan?.quantities[type] ?? 0)]),
  ) as PlanForm['quantities'],
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
  quantities: Object.fromEntries(
    QUOTA_TYPES.map((type) => [type, numberOf(form.quantities[type])]),
  ) as PlanCreateInput['quantities'],
  extra_prices: Object.fromEntries(
    EXTRA_PRICE_TYPES.map((type) => [
      type,
      { clp: numberOf(form.extra_prices[type].clp), usd: numberOf(form.extra_prices[type].usd) },
    ]),
  ) as PlanCreateInput['extra_prices'],
  access: form.access as PlanCreateInput['access'],
  is_public: form.is_public,
});
