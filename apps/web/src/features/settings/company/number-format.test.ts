import { NUMBER_FORMATS } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { formatAmount, numberFormatCodeOf, PREVIEW_AMOUNT } from './number-format';

describe('company number format preview', () => {
  it('writes the preview amount the Chilean way: dots between thousands, no decimals', () => {
    expect(formatAmount(PREVIEW_AMOUNT, NUMBER_FORMATS.CL)).toBe('1.234.568');
  });

  it('writes the preview amount the US way: a dollar sign, commas between thousands, two decimals', () => {
    expect(formatAmount(PREVIEW_AMOUNT, NUMBER_FORMATS.US)).toBe('$1,234,567.89');
  });

  it('keeps the sign of a negative amount before the prefix and drops it when it rounds to zero', () => {
    expect(formatAmount(-1500.5, NUMBER_FORMATS.US)).toBe('-$1,500.50');
    expect(formatAmount(-0.001, NUMBER_FORMATS.US)).toBe('$0.00');
  });

  it('adds the suffix and groups small amounts without a separator', () => {
    expect(formatAmount(999, { ...NUMBER_FORMATS.CL, suffix: ' CLP' })).toBe('999 CLP');
  });

  it('recognises a stored format as one of the offered styles, or as none', () => {
    expect(numberFormatCodeOf({ ...NUMBER_FORMATS.US })).toBe('US');
    expect(numberFormatCodeOf({ ...NUMBER_FORMATS.CL })).toBe('CL');
    expect(numberFormatCodeOf({ ...NUMBER_FORMATS.CL, decimalscale: 3 })).toBeUndefined();
  });
});
