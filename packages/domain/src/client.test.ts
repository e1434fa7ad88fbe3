import { describe, expect, it } from 'vitest';
import { companyProfileSchema, formatCount, NUMBER_FORMATS } from './client';

describe('a count in the company number format', () => {
  it('groups thousands with the company separator', () => {
    expect(formatCount(10_000, NUMBER_FORMATS.CL)).toBe('10.000');
    expect(formatCount(10_000, NUMBER_FORMATS.US)).toBe('10,000');
    expect(formatCount(1_234_567, NUMBER_FORMATS.CL)).toBe('1.234.567');
  });

  it('leaves small counts as they are', () => {
    expect(formatCount(0, NUMBER_FORMATS.CL)).toBe('0');
    expect(formatCount(999, NUMBER_FORMATS.US)).toBe('999');
  });
});

describe('the company profile form', () => {
  it('accepts the CL and US formats, cleans the phone and takes changed fields only', () => {
    expect(companyProfileSchema.parse({ number_format: NUMBER_FORMATS.US })).toEqual({
      number_format: NUMBER_FORMATS.US,
    });
    expect(companyProfileSchema.parse({ phone: '+56 9 1234-5678' }).phone).toBe('56912345678');
  });

  it('refuses equal separators, an unknown time zone and a short name on their fields', () => {
    const paths = (input: unknown) =>
      companyProfileSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ number_format: { ...NUMBER_FORMATS.CL, decimalseparator: '.' } })).toEqual([
      'number_format.thousandseparator',
    ]);
    expect(paths({ timezone: 'Mars/Olympus' })).toEqual(['timezone']);
    expect(paths({ name: 'ab' })).toEqual(['name']);
  });
});
