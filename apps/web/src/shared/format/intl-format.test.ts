import { describe, expect, it } from 'vitest';
import { formattersFor } from './intl-format';

// Intl separates some parts with no-break spaces and, in Arabic, right-to-left marks: compare the visible text.
const visible = (text: string) => text.replace(/[\u200e\u200f]/g, '').replace(/\s/g, ' ');

const at = new Date(2026, 2, 12, 15, 4); // Thursday 12 March 2026, 15:04 local time

describe('dates, numbers and relative times in the user language', () => {
  it('writes them the Spanish way', () => {
    const format = formattersFor('es');
    expect(format.time(at)).toBe('15:04');
    expect(format.date(at)).toBe('12/03/2026');
    expect(format.longDate(at)).toBe('jueves, 12 de marzo de 2026');
    expect(format.number(1234567.5)).toBe('1.234.567,5');
    expect(format.relative(-5, 'minute')).toBe('hace 5 min');
    expect(format.relative(-1, 'day')).toBe('ayer');
  });

  it('writes them the English way', () => {
    const format = formattersFor('en');
    expect(visible(format.time(at))).toBe('03:04 PM');
    expect(format.date(at)).toBe('03/12/2026');
    expect(format.longDate(at)).toBe('Thursday, March 12, 2026');
    expect(format.number(1234567.5)).toBe('1,234,567.5');
    expect(format.relative(-2, 'hour')).toBe('2 hr. ago');
    expect(format.relative(-1, 'day')).toBe('yesterday');
  });

  it('writes them in Arabic words with Western digits', () => {
    const format = formattersFor('ar');
    expect(visible(format.time(at))).toBe('03:04 م');
    expect(visible(format.date(at))).toBe('12/03/2026');
    expect(visible(format.longDate(at))).toBe('الخميس، 12 مارس 2026');
    expect(format.number(1234567.5)).toBe('1,234,567.5');
    expect(format.relative(-5, 'minute')).toBe('قبل 5 دقائق');
    expect(format.relative(-1, 'day')).toBe('أمس');
    expect(format.dateTime(at)).not.toMatch(/[\u0660-\u0669]/);
  });

  it('writes them in French, Italian and Chinese', () => {
    expect(visible(formattersFor('fr').number(1234567.5))).toBe('1 234 567,5');
    expect(visible(formattersFor('fr').relative(-5, 'minute'))).toBe('il y a 5 min');
    expect(formattersFor('it').longDate(at)).toBe('giovedì 12 marzo 2026');
    expect(formattersFor('it').relative(-1, 'day')).toBe('ieri');
    expect(formattersFor('zh').date(at)).toBe('2026/03/12');
    expect(formattersFor('zh').relative(-2, 'hour')).toBe('2小时前');
  });

  it('uses Spanish, the default language, for a language the product does not have', () => {
    expect(formattersFor('de').relative(-1, 'day')).toBe('ayer');
    expect(formattersFor(undefined).number(10000)).toBe('10.000');
  });
});
