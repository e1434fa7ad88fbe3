import { describe, expect, it } from 'vitest';
import { formatBytes } from './byte-size';

const visible = (text: string) => text.replace(/[\u200e\u200f]/g, '').replace(/\s/g, ' ');

describe('file sizes in human units', () => {
  it('takes the largest decimal unit the size fills, with one decimal', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(visible(formatBytes(2_400_000, 'en'))).toBe('2.4 MB');
    expect(visible(formatBytes(1_000_000_000, 'en'))).toBe('1 GB');
    expect(visible(formatBytes(999_999, 'en'))).toBe('1 MB');
  });

  it("writes the decimals the person's way", () => {
    expect(visible(formatBytes(2_400_000, 'es'))).toBe('2,4 MB');
    expect(visible(formatBytes(5_000_000_000, 'fr'))).toBe('5 Go');
    expect(visible(formatBytes(68, 'fr'))).toBe('68 octets');
  });
});
