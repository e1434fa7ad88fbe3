import { NUMBER_FORMATS, type NumberFormat } from '@conversa/domain';

export type NumberFormatCode = keyof typeof NUMBER_FORMATS;

export const NUMBER_FORMAT_CODES = Object.keys(NUMBER_FORMATS) as NumberFormatCode[];

/** The amount the company settings show in both styles, so the difference is visible at once. */
export const PREVIEW_AMOUNT = 1_234_567.891;

/** Which of the offered styles a stored format is; a format edited elsewhere matches none. */
export const numberFormatCodeOf = (format: NumberFormat): NumberFormatCode | undefined =>
  NUMBER_FORMAT_CODES.find((code) => {
    const candidate: NumberFormat = NUMBER_FORMATS[code];
    return (Object.keys(candidate) as (keyof NumberFormat)[]).every((key) => candidate[key] === format[key]);
  });

/** An amount as the company writes it: prefix, grouped integer part, its decimals, suffix. */
export const formatAmount = (value: number, format: NumberFormat): string => {
  const [integer = '0', decimals = ''] = Math.abs(value).toFixed(format.decimalscale).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, format.thousandseparator);
  const sign = value < 0 && Number(`${integer}.${decimals || 0}`) !== 0 ? '-' : '';
  const fraction = decimals ? `${format.decimalseparator}${decimals}` : '';
  return `${sign}${format.prefix}${grouped}${fraction}${format.suffix}`;
};
