import type { AuditChanges, Filter } from '@conversa/domain';

/** The audit tab's filters as the person set them; empty strings are "any". */
export type AuditFilterForm = { user_id: string; module: string; action: string; from: string; to: string };

export const EMPTY_AUDIT_FILTERS: AuditFilterForm = { user_id: '', module: '', action: '', from: '', to: '' };

/**
 * The search body's filters for the chosen user, module, action and days (spec 5: dates YYYY-MM-DD, a
 * range is gte + lte; an open end is just one of them).
 */
export const auditSearchFilters = (form: AuditFilterForm): Filter[] => {
  const filters: Filter[] = [];
  for (const key of ['user_id', 'module', 'action'] as const) {
    if (form[key]) filters.push({ key, condition: 'equalto', value: form[key] });
  }
  const [from, to] =
    form.from && form.to && form.from > form.to ? [form.to, form.from] : [form.from, form.to];
  if (from && to) filters.push({ key: 'create_date', condition: 'between', value: [from, to] });
  else if (from) filters.push({ key: 'create_date', condition: 'gte', value: from });
  else if (to) filters.push({ key: 'create_date', condition: 'lte', value: to });
  return filters;
};

/** A before or after value as one line of text: '—' for nothing, lists joined, objects as JSON. */
export const auditValueText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(auditValueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The changed fields in a stable order, for the expanded row. */
export const changedFields = (changes: AuditChanges): { field: string; before: unknown; after: unknown }[] =>
  Object.entries(changes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, [before, after]]) => ({ field, before, after }));
