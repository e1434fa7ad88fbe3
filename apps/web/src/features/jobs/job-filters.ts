import type { Filter } from '@conversa/domain';
import type { JobStatus } from './api/search-jobs';

export const JOB_STATUSES: readonly JobStatus[] = ['failed', 'pending', 'running', 'done'];

/** The screen's filters as the master set them; empty strings are "any". Dead jobs are what it opens on. */
export type JobFilterForm = { status: JobStatus | ''; name: string; from: string; to: string };

export const DEFAULT_JOB_FILTERS: JobFilterForm = { status: 'failed', name: '', from: '', to: '' };

/**
 * The search body's filters: status, a name containing the text, and the days the job last changed (for a
 * dead job, the day it died). A reversed range is read the right way round.
 */
export const jobSearchFilters = (form: JobFilterForm): Filter[] => {
  const filters: Filter[] = [];
  if (form.status) filters.push({ key: 'status', condition: 'equalto', value: form.status });
  const name = form.name.trim();
  if (name) filters.push({ key: 'name', condition: 'contains', value: name });
  const [from, to] =
    form.from && form.to && form.from > form.to ? [form.to, form.from] : [form.from, form.to];
  if (from && to) filters.push({ key: 'update_date', condition: 'between', value: [from, to] });
  else if (from) filters.push({ key: 'update_date', condition: 'gte', value: from });
  else if (to) filters.push({ key: 'update_date', condition: 'lte', value: to });
  return filters;
};
