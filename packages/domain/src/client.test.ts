import { describe, expect, it } from 'vitest';
import { formatCount, NUMBER_FORMATS } from './client';

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
