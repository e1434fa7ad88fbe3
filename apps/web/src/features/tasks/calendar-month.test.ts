import { describe, expect, it } from 'vitest';
import { firstDayOfWeek } from '../../shared/format/week-start';
import { dayKey, monthGrid } from './calendar-month';

describe('tasks calendar month', () => {
  it('starts the week where the company is: Monday in Chile, Sunday in the United States', () => {
    expect(firstDayOfWeek('es', 'CL')).toBe(1);
    expect(firstDayOfWeek('en', 'US')).toBe(7);
  });

  it('shows six weeks from the week holding the 1st, starting on the given day', () => {
    // May 2026 begins on a Friday.
    const monday = monthGrid(new Date(2026, 4, 15), 1);
    expect(monday).toHaveLength(42);
    expect(dayKey(monday[0] as Date)).toBe('2026-04-27');
    expect(dayKey(monday[4] as Date)).toBe('2026-05-01');
    const sunday = monthGrid(new Date(2026, 4, 15), 7);
    expect(dayKey(sunday[0] as Date)).toBe('2026-04-26');
    const saturday = monthGrid(new Date(2026, 4, 15), 6);
    expect(dayKey(saturday[0] as Date)).toBe('2026-04-25');
  });
});
