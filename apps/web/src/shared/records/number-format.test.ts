import { NUMBER_FORMATS } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { compactNumber, formatCellNumber, formatMoney, formatNumber } from './number-format';

const CL = NUMBER_FORMATS.CL;
const US = NUMBER_FORMATS.US;

describe('numbers in the company format (spec section 9)', () => {
  it('groups thousands and writes decimals with the company separators', () => {
    expect(formatNumber(1_234_567, CL)).toBe('1.234.567');
    expect(formatNumber(1_234_567, US)).toBe('1,234,567');
    expect(formatNumber(1234.5, CL)).toBe('1.234,5');
    expect(formatNumber(-1234.25, US)).toBe('-1,234.25');
  });

  it('writes money with the decimal scale, prefix and suffix of the company', () => {
    expect(formatMoney(15_990, CL)).toBe('15.990');
    expect(formatMoney(15_990, US)).toBe('$15,990.00');
    expect(formatMoney(15_990.5, { ...CL, suffix: ' CLP' })).toBe('15.991 CLP');
  });

  it('compacts big values with K, M, B and T', () => {
    expect(compactNumber(1500, CL)).toBe('1,5K');
    expect(compactNumber(1500, US)).toBe('1.5K');
    expect(compactNumber(12_345_678, CL)).toBe('12,3M');
    expect(compactNumber(2_000_000_000, US)).toBe('2B');
    expect(compactNumber(7_250_000_000_000, US)).toBe('7.3T');
    expect(compactNumber(-45_000, CL)).toBe('-45K');
  });

  it('rounds up into the next unit instead of writing 1000K', () => {
    expect(compactNumber(999_950, CL)).toBe('1M');
  });

  it('keeps cells exact below ten thousand and compacts from there', () => {
    expect(formatCellNumber(9_999, CL)).toBe('9.999');
    expect(formatCellNumber(12_345, CL)).toBe('12,3K');
    expect(formatMoney(2_500_000, US, true)).toBe('$2.5M');
    expect(formatMoney(9_000, US, true)).toBe('$9,000.00');
  });
});
