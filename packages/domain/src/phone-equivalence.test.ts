import { describe, expect, it } from 'vitest';
import { alternativePhoneOf, isSamePhone } from './phone-equivalence';

describe("Brazil's ninth digit", () => {
  it('adds the 9 to the eight-digit form of a mobile, and takes it away from the nine-digit form', () => {
    expect(alternativePhoneOf('551187654321')).toBe('5511987654321');
    expect(alternativePhoneOf('5511987654321')).toBe('551187654321');
    expect(alternativePhoneOf('+55 21 9 8765-4321')).toBe('552187654321');
  });

  it('has no other form for other countries, other lengths, or an area code with a zero', () => {
    expect(alternativePhoneOf('56987654321')).toBeUndefined();
    expect(alternativePhoneOf('5511887654321')).toBeUndefined();
    expect(alternativePhoneOf('55118765432')).toBeUndefined();
    expect(alternativePhoneOf('551098765432')).toBeUndefined();
    expect(alternativePhoneOf('')).toBeUndefined();
  });

  it('calls two phones the same when only formatting or the ninth digit differs, both ways', () => {
    expect(isSamePhone('+56 9 8765-4321', '56987654321')).toBe(true);
    expect(isSamePhone('551187654321', '5511987654321')).toBe(true);
    expect(isSamePhone('+55 (11) 98765-4321', '551187654321')).toBe(true);
    expect(isSamePhone('551187654321', '5521987654321')).toBe(false);
    expect(isSamePhone('56987654321', '5698765432')).toBe(false);
  });
});
