import { MODULE_FIELDS } from '@conversa/domain';
import type { RecordModule } from '../../shared/records/record-module';

export const LEADS_PATH = '/app/leads';
export const leadPath = (id: string) => `${LEADS_PATH}/detail/${id}`;

/** Leads on the record kit: the table, filters, views, bulk actions, export and import come from this. */
export const LEAD_RECORDS: RecordModule = {
  module: 'lead',
  titleKey: 'nav.leads',
  api: 'lead',
  permission: 'lead',
  fields: MODULE_FIELDS.lead,
  rowId: (row) => String(row.id),
  detailPath: (row) => leadPath(String(row.id)),
  linkKey: 'full_name',
  searchKey: 'full_name',
  phoneKey: 'phone',
};
