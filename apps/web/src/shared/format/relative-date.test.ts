import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLocale } from '../i18n';
import { formatRelativeDate, relativeDate } from './relative-date';

const now = new Date(2026, 2, 12, 15, 0, 0); // Thursday 12 March 2026, 15:00 local time
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  await Promise.all([loadLocale('en'), loadLocale('ar')]);
});

describe('relative dates of the conversation list', () => {
  it('says just now under a minute, also for a clock slightly ahead', () => {
    expect(relativeDate(ago(30_000), now)).toEqual({ kind: 'justNow' });
    expect(relativeDate(ago(-5_000), now)).toEqual({ kind: 'justNow' });
  });

  it('counts minutes under an hour and hours under a day', () => {
    expect(relativeDate(ago(5 * 60_000), now)).toEqual({ kind: 'minutes', count: 5 });
    expect(relativeDate(ago(59 * 60_000), now)).toEqual({ kind: 'minutes', count: 59 });
    expect(relativeDate(ago(3 * 3_600_000), now)).toEqual({ kind: 'hours', count: 3 });
    expect(relativeDate(ago(23 * 3_600_000), now)).toEqual({ kind: 'hours', count: 23 });
  });

  it('says yesterday, then the weekday within 7 days, then the date', () => {
    expect(relativeDate(new Date(2026, 2, 11, 9, 0), now).kind).toBe('yesterday');
    expect(relativeDate(new Date(2026, 2, 9, 9, 0), now).kind).toBe('weekday');
    expect(relativeDate(new Date(2026, 2, 6, 9, 0), now).kind).toBe('weekday');
    expect(relativeDate(new Date(2026, 2, 5, 9, 0), now).kind).toBe('date');
  });

  it("words them in Spanish, English and Arabic through Intl, with the spec's 'just now' from the bundles", () => {
    const t = i18n.getFixedT('es');
    expect(formatRelativeDate(ago(10_000), t, 'es', now)).toBe('ahora');
    expect(formatRelativeDate(ago(5 * 60_000), t, 'es', now)).toBe('hace 5 min');
    expect(formatRelativeDate(ago(2 * 3_600_000), t, 'es', now)).toBe('hace 2 h');
    expect(formatRelativeDate(new Date(2026, 2, 11, 9, 0), t, 'es', now)).toBe('ayer');
    expect(formatRelativeDate(new Date(2026, 2, 9, 9, 0), t, 'es', now)).toBe('lunes');
    expect(formatRelativeDate(new Date(2026, 0, 2, 9, 0), t, 'es', now)).toBe('02/01/2026');
    const en = i18n.getFixedT('en');
    expect(formatRelativeDate(ago(10_000), en, 'en', now)).toBe('just now');
    expect(formatRelativeDate(ago(5 * 60_000), en, 'en', now)).toBe('5 min. ago');
    expect(formatRelativeDate(ago(2 * 3_600_000), en, 'en', now)).toBe('2 hr. ago');
    expect(formatRelativeDate(new Date(2026, 2, 11, 9, 0), en, 'en', now)).toBe('yesterday');
    expect(formatRelativeDate(new Date(2026, 2, 9, 9, 0), en, 'en', now)).toBe('Monday');
    expect(formatRelativeDate(new Date(2026, 0, 2, 9, 0), en, 'en', now)).toBe('01/02/2026');
    const ar = i18n.getFixedT('ar');
    expect(formatRelativeDate(ago(10_000), ar, 'ar', now)).toBe('الآن');
    expect(formatRelativeDate(ago(5 * 60_000), ar, 'ar', now)).toBe('قبل 5 دقائق');
    expect(formatRelativeDate(ago(2 * 3_600_000), ar, 'ar', now)).toBe('قبل ساعتين');
    expect(formatRelativeDate(new Date(2026, 2, 11, 9, 0), ar, 'ar', now)).toBe('أمس');
    expect(formatRelativeDate(new Date(2026, 2, 9, 9, 0), ar, 'ar', now)).toBe('الاثنين');
    expect(formatRelativeDate(new Date(2026, 0, 2, 9, 0), ar, 'ar', now).replace(/\u200f/g, '')).toBe(
      '02/01/2026',
    );
  });
});
