import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_FILTERS, jobSearchFilters } from './job-filters';

describe('job filters', () => {
  it('opens on the dead jobs', () => {
    expect(jobSearchFilters(DEFAULT_JOB_FILTERS)).toEqual([
      { key: 'status', condition: 'equalto', value: 'failed' },
    ]);
  });

  it('any status, a trimmed name and a day range become the search body filters', () => {
    expect(
      jobSearchFilters({ status: '', name: ' task.remind ', from: '2026-03-01', to: '2026-03-05' }),
    ).toEqual([
      { key: 'name', condition: 'contains', value: 'task.remind' },
      { key: 'update_date', condition: 'between', value: ['2026-03-01', '2026-03-05'] },
    ]);
  });

  it('a reversed range is read the right way round; an open end is one bound', () => {
    expect(jobSearchFilters({ status: '', name: '', from: '2026-03-05', to: '2026-03-01' })).toEqual([
      { key: 'update_date', condition: 'between', value: ['2026-03-01', '2026-03-05'] },
    ]);
    expect(jobSearchFilters({ status: '', name: '', from: '', to: '2026-03-01' })).toEqual([
      { key: 'update_date', condition: 'lte', value: '2026-03-01' },
    ]);
  });
});
