import type { Invoice, PaymentOutcome, Purchase } from '@conversa/domain';
import type { InvoiceRow, PurchaseRow } from '../../core/db/schema/billing';

export const toPurchase = (row: PurchaseRow): Purchase => ({
  id: row.id,
  client_id: row.client_id,
  provider: row.provider,
  item: row.item,
  plan_id: row.plan_id,
  feature_id: row.feature_id,
  quantity: row.quantity,
  currency: row.currency,
  amount: row.amount,
  status: row.status,
  create_date: row.create_date.toISOString(),
});

export const toInvoice = ({
  invoice,
  client_name,
}: {
  invoice: InvoiceRow;
  client_name: string;
}): Invoice => ({
  id: invoice.id,
  number: invoice.number,
  client_id: invoice.client_id,
  client_name,
  purchase_id: invoice.purchase_id,
  description: invoice.description,
  provider: invoice.provider,
  currency: invoice.currency,
  amount: invoice.amount,
  create_date: invoice.create_date.toISOString(),
});

/** The realtime outcome: 200 opens the success dialog, any other status the error dialog with `info`. */
export const outcomeOf = (purchaseId: string, statusCodes: number, info: string): PaymentOutcome => ({
  purchase_id: purchaseId,
  status_codes: statusCodes,
  info,
});
