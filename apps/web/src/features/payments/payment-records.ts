import { MODULE_FIELDS } from '@conversa/domain';
import type { RecordModule } from '../../shared/records/record-module';

export const PAYMENTS_PATH = '/app/payments';

/** Payments on the record kit: the table, filters, views, bulk actions and export come from this. */
export const PAYMENT_RECORDS: RecordModule = {
  module: 'payment',
  titleKey: 'nav.payments',
  api: 'payment',
  permission: 'payment',
  fields: MODULE_FIELDS.payment,
  rowId: (row) => String(row.id),
  // A payment has no page of its own: its deal's page lists it with the deal's balance.
  detailPath: (row) => `/app/deals/detail/${String(row.deal_id)}`,
  linkKey: 'deal.name',
  searchKey: 'deal.name',
  // What payment/updatemany accepts: an amount or a note is changed one payment at a time.
  bulkKeys: ['payment_date', 'payment_method'],
};
