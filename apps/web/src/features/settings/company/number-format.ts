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
