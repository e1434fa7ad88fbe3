import type { NumberFormat } from '@conversa/domain';

/**
 * Numbers and amounts in the company's number format (spec section 9: CL writes 1.234.567,5 with no
 * decimals for money, US writes $1,234,567.50), and the K, M, B and T compacts a table cell uses for big
 * values.
 */

const COMPACTS = [
  { suffix: 'T', size: 1e12 },
  { suffix: 'B', size: 1e9 },
  { suffix: 'M', size: 1e6 },
  { suffix: 'K', size: 1e3 },
] as const;

/** Cells show values from here on compacted (12.345 is 12,3K), the exact value in their tooltip. */
export const COMPACT_FROM = 10_000;

/** A number with the company's separators and exactly `decimals` decimals. */
export const formatDecimal = (
  value: number,
  format: Pick<NumberFormat, 'decimalseparator' | 'thousandseparator'>,
  decimals: number,
): string => {
  const fixed = Math.abs(value).toFixed(Math.max(0, Math.min(decimals, 20)));
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, format.thousandseparator);
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `${format.decimalseparator}${fraction}` : ''}`;
};

/** A plain number: whole numbers without decimals, others with at most the company's decimal scale (or 2). */
export const formatNumber = (value: number, format: NumberFormat): string => {
  if (Number.isInteger(value)) return formatDecimal(value, format, 0);
  const decimals = Math.max(format.decimalscale, 2);
  return formatDecimal(value, format, decimals).replace(new RegExp(`\\${format.decimalseparator}?0+$`), '');
};

/** 1500 is 1,5K (CL) or 1.5K (US); 999.950 rounds up to 1M rather than 1000K. */
export const compactNumber = (value: number, format: NumberFormat): string => {
  const size = Math.abs(value);
  const index = COMPACTS.findIndex((unit) => size >= unit.size);
  if (index === -1) return formatNumber(value, format);
  let unit = COMPACTS[index] ?? COMPACTS[3];
  // One decimal is enough to tell 1,2M from 1,3M.
  let scaled = Math.round((value / unit.size) * 10) / 10;
  const bigger = COMPACTS[index - 1];
  if (Math.abs(scaled) >= 1000 && bigger) {
    unit = bigger;
    scaled = Math.round((value / unit.size) * 10) / 10;
  }
  return `${formatNumber(scaled, format)}${unit.suffix}`;
};

/** An amount: the company's prefix and suffix around its decimal scale (CL: 15.990; US: $15,990.00). */
export const formatMoney = (value: number, format: NumberFormat, isCompact = false): string => {
  const body =
    isCompact && Math.abs(value) >= COMPACT_FROM
      ? compactNumber(value, format)
      : formatDecimal(value, format, format.decimalscale);
  return `${format.prefix}${body}${format.suffix}`;
};

/** A count or measure in a cell: compacted from COMPACT_FROM on. */
export const formatCellNumber = (value: number, format: NumberFormat): string =>
  Math.abs(value) >= COMPACT_FROM ? compactNumber(value, format) : formatNumber(value, format);
