import { describe, expect, it } from 'vitest';
import { dateValue, draftOf, type FilterDraft, filtersOf, isoDay, rangeDays } from './filter-values';

// Wednesday 15 April 2026, mid-morning in the person's own time zone.
const NOW = new Date(2026, 3, 15, 10, 30);

const draft = (overrides: Partial<FilterDraft>): FilterDraft => ({
  key: 'info.full_name',
  type: 'text',
  condition: 'contains',
  ...overrides,
});

describe('filter values (spec section 5)', () => {
  it('sends the text of contains and equalto trimmed, and nothing while it is blank', () => {
    expect(filtersOf(draft({ value: '  ana ' }))).toEqual([
      { key: 'info.full_name', condition: 'contains', value: 'ana' },
    ]);
    expect(filtersOf(draft({ value: '   ' }))).toEqual([]);
  });

  it('drops the + of a phone', () => {
    expect(filtersOf(draft({ key: 'info.phone', type: 'phone', value: '+56 9 1234 5678' }))).toEqual([
      { key: 'info.phone', condition: 'contains', value: '56912345678' },
    ]);
  });

  it('writes dates as YYYY-MM-DD and datetimes with :00 seconds', () => {
    expect(dateValue('date', '2026-04-15')).toBe('2026-04-15');
    expect(dateValue('datetime', '2026-04-15T09:05')).toBe('2026-04-15T09:05:00');
    expect(dateValue('datetime', '2026-04-15')).toBe('2026-04-15T00:00:00');
    expect(
      filtersOf(draft({ key: 'create_date', type: 'datetime', condition: 'gte', value: '2026-04-01T08:00' })),
    ).toEqual([{ key: 'create_date', condition: 'gte', value: '2026-04-01T08:00:00' }]);
  });

  it('builds between from both ends, coercing numbers, and a single end as gte or lte', () => {
    const between = draft({ key: 'message.numtotal', type: 'number', condition: 'between' });
    expect(filtersOf({ ...between, from: '10', to: '20,5' })).toEqual([
      { key: 'message.numtotal', condition: 'between', value: [10, 20.5] },
    ]);
    expect(filtersOf({ ...between, from: '10' })).toEqual([
      { key: 'message.numtotal', condition: 'gte', value: 10 },
    ]);
    expect(filtersOf({ ...between, to: '20' })).toEqual([
      { key: 'message.numtotal', condition: 'lte', value: 20 },
    ]);
    expect(filtersOf(between)).toEqual([]);
  });

  it('coerces a number and ignores one that is not', () => {
    const amount = draft({ key: 'amount', type: 'money', condition: 'gt' });
    expect(filtersOf({ ...amount, value: '1500' })).toEqual([
      { key: 'amount', condition: 'gt', value: 1500 },
    ]);
    expect(filtersOf({ ...amount, value: 'mil' })).toEqual([]);
  });

  it('sends an empty string for empty and notempty', () => {
    expect(filtersOf(draft({ condition: 'empty' }))).toEqual([
      { key: 'info.full_name', condition: 'empty', value: '' },
    ]);
    expect(filtersOf(draft({ key: 'tags', type: 'tags', condition: 'notempty', value: 'ignored' }))).toEqual([
      { key: 'tags', condition: 'notempty', value: '' },
    ]);
  });

  it('sends the chosen ids of in on selects, tags and users', () => {
    expect(filtersOf(draft({ key: 'tags', type: 'tags', condition: 'in', values: ['t1', 't2'] }))).toEqual([
      { key: 'tags', condition: 'in', value: ['t1', 't2'] },
    ]);
    expect(filtersOf(draft({ key: 'derivedto', type: 'user', condition: 'in', values: [] }))).toEqual([]);
  });

  it('sends a boolean for yes and no', () => {
    expect(
      filtersOf(draft({ key: 'starred', type: 'boolean', condition: 'equalto', value: 'false' })),
    ).toEqual([{ key: 'starred', condition: 'equalto', value: false }]);
  });

  it('turns today, yesterday, week, month and year into a between of whole days', () => {
    const on = (range: FilterDraft['range']) =>
      filtersOf(draft({ key: 'create_date', type: 'date', condition: 'between', range }), NOW)[0]?.value;
    expect(on('today')).toEqual(['2026-04-15', '2026-04-15']);
    expect(on('yesterday')).toEqual(['2026-04-14', '2026-04-14']);
    expect(on('week')).toEqual(['2026-04-13', '2026-04-19']);
    expect(on('month')).toEqual(['2026-04-01', '2026-04-30']);
    expect(on('year')).toEqual(['2026-01-01', '2026-12-31']);
  });

  it('turns a day offset into that day, from its first to its last minute on a datetime', () => {
    const on = (range: FilterDraft['range']) =>
      filtersOf(draft({ key: 'create_date', type: 'datetime', condition: 'between', range }), NOW)[0]?.value;
    expect(on('day:-7')).toEqual(['2026-04-08T00:00:00', '2026-04-08T23:59:59']);
    expect(on('day:7')).toEqual(['2026-04-22T00:00:00', '2026-04-22T23:59:59']);
  });

  it('counts a week from Monday even on a Sunday, and months across the year end', () => {
    const sunday = new Date(2026, 3, 19, 22, 0);
    expect(rangeDays('week', sunday).map(isoDay)).toEqual(['2026-04-13', '2026-04-19']);
    expect(rangeDays('day:3', new Date(2026, 11, 30)).map(isoDay)).toEqual(['2027-01-02', '2027-01-02']);
  });

  it('shows a saved filter back in the builder', () => {
    expect(
      draftOf(
        { key: 'create_date', condition: 'between', value: ['2026-04-01T08:00:00', '2026-04-02T09:00:00'] },
        'datetime',
      ),
    ).toEqual({
      key: 'create_date',
      type: 'datetime',
      condition: 'between',
      from: '2026-04-01T08:00',
      to: '2026-04-02T09:00',
    });
    expect(draftOf({ key: 'tags', condition: 'in', value: ['t1'] }, 'tags')).toMatchObject({
      values: ['t1'],
    });
    expect(draftOf({ key: 'starred', condition: 'equalto', value: true }, 'boolean')).toMatchObject({
      value: 'true',
    });
  });
});
