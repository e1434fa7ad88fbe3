import {
  PAYMENT_FIELDS,
  type PaymentDeal,
  paymentBulkUpdateSchema,
  paymentCreateSchema,
  paymentUpdateSchema,
} from '@conversa/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { contacts, deals, payments } from '../../core/db/schema';
import { AppError } from '../../core/http/app-error';
import { isUuid } from '../../core/http/route-schemas';
import { NEWEST_FIRST } from '../../core/http/search-query';
import { defineRecordModule } from '../../core/records/record-module';
import { dealsOfPayments, toPayment } from './payments.mapper';

/** A value of the payment's deal, read beside each row so the list filters and sorts by it. */
const ofDeal = (value: SQL) =>
  sql`(select ${value} from ${deals} where ${deals.client_id} = ${payments.client_id} and ${deals.id} = ${payments.deal_id})`;

/** The name of the payment's deal's contact ('' without one), for the list's contact column. */
const contactName = sql`coalesce((select ${contacts.full_name} from ${deals} join ${contacts}
  on ${contacts.client_id} = ${deals.client_id} and ${contacts.id} = ${deals.contact_id}
  where ${deals.client_id} = ${payments.client_id} and ${deals.id} = ${payments.deal_id}), '')`;

/** The company's deal a payment goes on; another company's (or no) deal is 404 on `deal_id`. */
export const dealForPayment = async (db: Executor, clientId: string, dealId: string) => {
  const [deal] = isUuid(dealId)
    ? await db
        .select({ id: deals.id, currency: deals.currency })
        .from(deals)
        .where(and(eq(deals.client_id, clientId), eq(deals.id, dealId)))
        .limit(1)
    : [];
  if (!deal) throw new AppError(404, 'info.notFound', [{ path: 'deal_id', message: 'info.notFound' }]);
  return deal;
};

/** Payments (abonos) on the record kit: every kit route under `payment/`, plus totals (payments.routes.ts). */
export const paymentRecords = defineRecordModule({
  name: 'payment',
  permission: 'payment',
  words: { one: 'payment', many: 'payments' },
  table: payments,
  fields: PAYMENT_FIELDS,
  columns: {
    payment_date: payments.payment_date,
    // Mapped with the column so a number past its integer range is a 400, not a database error.
    'deal.numdeal': ofDeal(sql`${deals.numdeal}`).mapWith(deals.numdeal),
    'deal.name': ofDeal(sql`${deals.name}`),
    'deal.contact_name': contactName,
    payment_method: payments.payment_method,
    amount: payments.amount,
    currency: payments.currency,
    note: payments.note,
    create_date: payments.create_date,
  },
  // A deal's detail lists its payments, a contact's detail those of its deals. Compared as text, so any
  // searched value is a plain mismatch, never a database error.
  searchExtra: {
    deal_id: { column: sql`${payments.deal_id}::text`, type: 'text' },
    'deal.contact_id': { column: ofDeal(sql`${deals.contact_id}::text`), type: 'text' },
  },
  related: (db, clientId, rows): Promise<Map<string, PaymentDeal>> => dealsOfPayments(db, clientId, rows),
  toApi: toPayment,
  create: {
    schema: paymentCreateSchema,
    async values(input, { db, auth }) {
      const deal = await dealForPayment(db, auth.clientId, input.deal_id);
      return { ...input, currency: input.currency ?? deal.currency, user_id: auth.userId };
    },
  },
  update: { schema: paymentUpdateSchema, patch: (input) => input },
  bulkUpdate: { schema: paymentBulkUpdateSchema },
  defaultSort: NEWEST_FIRST,
  // No field of a payment groups it (a method is free text): `payment/kanban` answers 400 on `field`.
  kanban: 'payment_method',
  info: {
    created: 'info.paymentCreated',
    updated: 'info.paymentUpdated',
    deleted: 'info.paymentDeleted',
  },
});
