import { describe, expect, it } from 'vitest';
import { countryOfPhone, isValidPhone, normalizePhone } from './countries';

describe('countryOfPhone', () => {
  it('reads the country from the dialling code, the longest code first', () => {
    expect(countryOfPhone('56912345678')).toBe('CL');
    expect(countryOfPhone('59171234567')).toBe('BO');
    expect(countryOfPhone('5491123456789')).toBe('AR');
  });

  it('answers undefined for a code it does not know', () => {
    expect(countryOfPhone('99912345678')).toBeUndefined();
  });
});

describe('the phone rule for Chile', () => {
  const isChilean = (written: string) => isValidPhone(normalizePhone(written), 'CL');

  it('accepts mobiles, Santiago landlines and regional landlines', () => {
    expect(isChilean('+56 9 1234 5678')).toBe(true);
    expect(isChilean('+56 2 2345 6789')).toBe(true);
    expect(isChilean('+56 2 3210 4567')).toBe(true);
    expect(isChilean('+56 32 212 3456')).toBe(true);
    expect(isChilean('+56 41 221 2345')).toBe(true);
    expect(isChilean('+56 61 224 5678')).toBe(true);
    expect(isChilean('+56 75 231 0000')).toBe(true);
  });

  it('refuses numbers of the wrong length, an area code not in use, or another country', () => {
    expect(isChilean('+56 2 2345 678')).toBe(false);
    expect(isChilean('+56 9 1234 56789')).toBe(false);
    expect(isChilean('+56 1 2345 6789')).toBe(false);
    expect(isChilean('+56 39 212 3456')).toBe(false);
    expect(isChilean('+54 9 11 2345 6789')).toBe(false);
  });
});
