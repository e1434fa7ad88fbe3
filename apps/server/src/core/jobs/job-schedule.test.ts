import { describe, expect, it } from 'vitest';
import { assertScheduleRule, nextOccurrence, occurrenceAt, occurrenceKey, retryDelay } from './job-schedule';

const at = (iso: string) => Date.parse(iso);

describe('recurring job occurrences', () => {
  it('an interval rule runs in the current period, the periods aligned on the clock', () => {
    const hourly = { everyMs: 3_600_000 };
    expect(occurrenceAt(hourly, at('2026-03-10T10:42:13Z'))).toBe(at('2026-03-10T10:00:00Z'));
    expect(nextOccurrence(hourly, at('2026-03-10T10:00:00Z'))).toBe(at('2026-03-10T11:00:00Z'));
  });

  it('a minute-of-the-hour rule runs at that minute, this hour or the next', () => {
    const quarterPast = { minute: 15 };
    expect(occurrenceAt(quarterPast, at('2026-03-10T10:15:40Z'))).toBe(at('2026-03-10T10:15:00Z'));
    expect(occurrenceAt(quarterPast, at('2026-03-10T10:16:00Z'))).toBe(at('2026-03-10T11:15:00Z'));
    expect(occurrenceAt(quarterPast, at('2026-03-10T10:14:59Z'))).toBe(at('2026-03-10T10:15:00Z'));
    expect(nextOccurrence(quarterPast, at('2026-03-10T10:15:00Z'))).toBe(at('2026-03-10T11:15:00Z'));
  });

  it('a daily rule runs at its UTC hour and minute, today or tomorrow', () => {
    const nightly = { hour: 3, minute: 30 };
    expect(occurrenceAt(nightly, at('2026-03-10T01:00:00Z'))).toBe(at('2026-03-10T03:30:00Z'));
    expect(occurrenceAt(nightly, at('2026-03-10T03:30:59Z'))).toBe(at('2026-03-10T03:30:00Z'));
    expect(occurrenceAt(nightly, at('2026-03-10T03:31:00Z'))).toBe(at('2026-03-11T03:30:00Z'));
    expect(occurrenceAt(nightly, at('2026-12-31T23:59:00Z'))).toBe(at('2027-01-01T03:30:00Z'));
  });

  it('every process names an occurrence with the same key', () => {
    expect(occurrenceKey('billing.renew', at('2026-03-10T03:30:00Z'))).toBe(
      'billing.renew@2026-03-10T03:30:00.000Z',
    );
  });

  it('a rule that could never run or would run too often is refused when declared', () => {
    expect(() => assertScheduleRule('x', { minute: 60 })).toThrow(/minute/);
    expect(() => assertScheduleRule('x', { minute: 0, hour: 24 })).toThrow(/hour/);
    expect(() => assertScheduleRule('x', { everyMs: 10 })).toThrow(/everyMs/);
    expect(() => assertScheduleRule('x', { minute: 0, hour: 23 })).not.toThrow();
  });
});

describe('retry backoff', () => {
  const backoff = { baseMs: 1000, capMs: 60_000 };

  it('doubles per attempt inside the upper half of its wait (jitter)', () => {
    expect(retryDelay(1, backoff, () => 0)).toBe(500);
    expect(retryDelay(1, backoff, () => 1)).toBe(1000);
    expect(retryDelay(3, backoff, () => 0)).toBe(2000);
    expect(retryDelay(3, backoff, () => 1)).toBe(4000);
  });

  it('never waits longer than its cap, however many attempts failed', () => {
    expect(retryDelay(30, backoff, () => 1)).toBe(60_000);
    expect(retryDelay(30, backoff, () => 0)).toBe(30_000);
  });
});
