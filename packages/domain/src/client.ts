import { z } from 'zod';
import { normalizePhone } from './countries';
import { INPUT_MESSAGES, isTimeZone } from './input-limits';
import { MESSAGES, requiredText } from './validation';

/** How a company writes numbers (spec section 9: CL and US styles). */
export type NumberFormat = {
  decimalseparator: string;
  thousandseparator: string;
  decimalscale: number;
  prefix: string;
  suffix: string;
};

export const NUMBER_FORMATS = {
  CL: { decimalseparator: ',', thousandseparator: '.', decimalscale: 0, prefix: '', suffix: '' },
  US: { decimalseparator: '.', thousandseparator: ',', decimalscale: 2, prefix: '$', suffix: '' },
} as const satisfies Record<string, NumberFormat>;

/** A number format the web's formatter can apply: two different separators, at most 4 decimals. */
export const numberFormatSchema = z
  .strictObject({
    decimalseparator: z.enum(['.', ',']),
    thousandseparator: z.enum(['.', ',', ' ', "'", '']),
    decimalscale: z.number().int().min(0).max(4),
    prefix: z.string().max(5),
    suffix: z.string().max(5),
  })
  .refine((format) => format.decimalseparator !== format.thousandseparator, {
    path: ['thousandseparator'],
    error: 'validation.sameSeparators',
  });

/** `PUT client/profile`: what the owner changes of their own company in Settings (changed fields only). */
export const companyProfileSchema = z
  .strictObject({
    name: requiredText().min(3, MESSAGES.min3).max(120),
    phone: z.string().trim().max(32).transform(normalizePhone),
    timezone: requiredText().max(64).refine(isTimeZone, { error: INPUT_MESSAGES.timezone }),
    number_format: numberFormatSchema,
  })
  .partial();
export type CompanyProfileInput = z.input<typeof companyProfileSchema>;

/** A whole count in the company's style: 10000 is "10.000" for CL and "10,000" for US. */
export const formatCount = (value: number, format: Pick<NumberFormat, 'thousandseparator'>): string =>
  String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, format.thousandseparator);

/** A company (tenant) as the web sees it. */
export type Client = {
  id: string;
  name: string;
  email: string;
  phone: string;
  subdomain: string;
  country: string;
  timezone: string;
  language: string;
  industry: string;
  quantityemple: number;
  imglogo: string;
  subscribe_id: string[];
  plan_id: string | null;
  /** Undefined-like null while the company has never been billed; false once its plan has expired. */
  is_paid: boolean | null;
  plan_expires_at: string | null;
  access: string[];
  /** Marketplace flag (spec section 6): grants the company's people every key, whatever the lists say. */
  market: boolean;
  number_format: NumberFormat;
  create_date: string;
};
