import type { Payment, PaymentDeal } from '@conversa/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { contacts, deals, type PaymentRow } from '../../core/db/schema';

/** The deals of a batch of payments, by id: one query, with each deal's contact name. */
export const dealsOfPayments = async (
  db: Executor,
  clientId: string,
  rows: PaymentRow[],
): Promise<Map<string, PaymentDeal>> => {
  const ids = [...new Set(rows.map((row) => row.deal_id))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: deals.id,
      numdeal: deals.numdeal,
      name: deals.name,
      contact_id: deals.contact_id,
      contact_name: contacts.full_name,
    })
    .from(deals)
    .leftJoin(contacts, and(eq(contacts.client_id, deals.client_id), eq(contacts.id, deals.contact_id)))
    .where(and(eq(deals.client_id, clientId), inArray(deals.id, ids)));
  return new Map(
    found.map((deal) => [
      deal.id,
      { ...deal, contact_id: deal.contact_id ?? '', contact_name: deal.contact_name ?? '' },
    ]),
  );
};

export const toPayment = (row: PaymentRow, dealsById: Map<string, PaymentDeal>): Payment => ({
  id: row.id,
  client_id: row.client_id,
  deal_id: row.deal_id,
  deal: dealsById.get(row.deal_id) ?? null,
  payment_date: row.payment_date,
  payment_method: row.payment_method,
  amount: row.amount,
  currency: row.currency,
  note: row.note,
  user_id: row.user_id ?? '',
  create_date: row.create_date.toISOString(),
});
