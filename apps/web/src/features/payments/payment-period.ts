import type { FilterDraft } from '../../shared/records/filter-values';

/** The periods the payments page offers; `all` sets no date, `custom` takes two days. */
export const PERIODS = ['all', 'today', 'week', 'month', 'year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_KEY = 'payment_date';

/** The period shown by the table's filters: the payment-date range among them, if any. */
export const periodOf = (drafts: readonly FilterDraft[]): { period: Period; from: string; to: string } => {
  const draft = drafts.find((item) => item.key === PERIOD_KEY && item.condition === 'between');
  if (!draft) return { period: 'all', from: '', to: '' };
  const named = PERIODS.find((period) => period === draft.range);
  return named
    ? { period: named, from: '', to: '' }
    : { period: 'custom', from: draft.from ?? '', to: draft.to ?? '' };
};

/**
 * The table's filters with the period in place of the one they had: a named range stays the same words
 * (this month is always the current month), a custom one is its two days.
 */
export const withPeriod = (
  drafts: readonly FilterDraft[],
  period: Period,
  from = '',
  to = '',
): FilterDraft[] => {
  const others = drafts.filter((item) => !(item.key === PERIOD_KEY && item.condition === 'between'));
  if (period === 'all') return others;
  const base = { key: PERIOD_KEY, type: 'date' as const, condition: 'between' as const };
  const draft: FilterDraft = period === 'custom' ? { ...base, from, to } : { ...base, range: period };
  return [...others, draft];
};
