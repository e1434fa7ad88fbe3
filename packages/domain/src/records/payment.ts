import { z } from 'zod';
import { refineSafeInput } from '../input-limits';
import { searchBodySchema } from '../search';
import { MESSAGES, requiredText } from '../validation';
import { currencyCode, moneyAmount, optionalDate } from './deal';
import { ALL_TRAITS, createDateField, field, type RecordField } from './record-fields';

/** The methods offered first; a company may also write a name of its own. */
export const PAYMENT_METHODS = ['cash', 'transfer', 'card', 'check', 'other'] as const;

/** The deal a payment answers with, so the payments list needs no second request. */
export type PaymentDeal = {
  id: string;
  numdeal: number;
  name: string;
  contact_id: string;
  contact_name: string;
};

/** A payment (abono) on a deal, API.md part 2. */
export type Payment = {
  id: string;
  client_id: string;
  deal_id: string;
  deal: PaymentDeal | null;
  payment_date: string;
  payment_method: string;
  amount: number;
  currency: string;
  note: string;
  user_id: string;
  create_date: string;
};

export const PAYMENT_FIELDS: readonly RecordField[] = [
  field('payment_date', 'paymentDate', 'date', ['sortable', 'filter', 'editable', 'exportable', 'visible']),
  field('deal.numdeal', 'numdeal', 'number', ['sortable', 'filter', 'exportable', 'visible']),
  field('deal.name', 'dealName', 'text', ['sortable', 'filter', 'exportable', 'visible']),
  field('deal.contact_name', 'contact', 'text', ['filter', 'exportable', 'visible']),
  // Typed freely; the usual methods are shown translated.
  {
    ...field('payment_method', 'paymentMethod', 'text', [...ALL_TRAITS, 'visible']),
    options: { values: PAYMENT_METHODS, i18n: 'payments.method' },
  },
  field('amount', 'amount', 'money', [...ALL_TRAITS, 'visible']),
  field('currency', 'currency', 'text', ['filter', 'exportable']),
  field('note', 'paymentNote', 'text', ['filter', 'editable', 'exportable']),
  createDateField(),
];

const paymentFields = {
  payment_date: optionalDate().refine((value) => value !== '', { error: MESSAGES.required }),
  payment_method: requiredText().max(60),
  amount: moneyAmount().refine((value) => value > 0, { error: MESSAGES.positive }),
  currency: currencyCode(),
  note: z.string().trim().max(1000),
};

/** `payment/create`: on a deal of the company; the currency defaults to the deal's. */
export const paymentCreateSchema = z
  .strictObject({
    deal_id: requiredText().max(64),
    ...paymentFields,
    currency: paymentFields.currency.optional(),
    note: paymentFields.note.default(''),
  })
  .superRefine(refineSafeInput);
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;

/** `payment/updateone`: the changed fields; a payment does not move to another deal. */
export const paymentUpdateSchema = z.strictObject(paymentFields).partial();
export type PaymentUpdateInput = z.infer<typeof paymentUpdateSchema>;

export const paymentBulkUpdateSchema = z
  .strictObject({ payment_method: paymentFields.payment_method, payment_date: paymentFields.payment_date })
  .partial();

/** `POST payment/totals`: the search body's filters; answers the count and the sum per currency. */
export const paymentTotalsSchema = searchBodySchema.pick({ filters: true, logical: true });
export type PaymentTotals = { count: number; totals: { currency: string; amount: number }[] };
