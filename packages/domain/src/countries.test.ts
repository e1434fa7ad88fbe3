import { describe, expect, it } from 'vitest';
import { countryOfPhone } from './countries';

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
