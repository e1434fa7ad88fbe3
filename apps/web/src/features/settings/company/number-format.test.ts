import { NUMBER_FORMATS } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/records/number-format';
import { numberFormatCodeOf, PREVIEW_AMOUNT } from './number-format';

describe('company number format', () => {
  it('previews the sample amount the Chilean way and the US way', () => {
    expect(formatMoney(PREVIEW_AMOUNT, NUMBER_FORMATS.CL)).toBe('1.234.568');
    expect(formatMoney(PREVIEW_AMOUNT, NUMBER_FORMATS.US)).toBe('$1,234,567.89');
    expect(formatMoney(PREVIEW_AMOUNT, NUMBER_FORMATS.US, true)).toBe('$1.2M');
  });

  it('recognises a stored format as one of the offered styles, or as none', () => {
    expect(numberFormatCodeOf({ ...NUMBER_FORMATS.US })).toBe('US');
    expect(numberFormatCodeOf({ ...NUMBER_FORMATS.CL })).toBe('CL');
    expect(numberFormatCodeOf({ ...NUMBER_FORMATS.CL, decimalscale: 3 })).toBeUndefined();
  });
});
