import { MODULE_FIELDS } from '@conversa/domain';
import type { RecordModule } from '../../shared/records/record-module';

/** Contacts on the record kit: the table, filters, views, bulk actions, export and import come from this. */
export const CONTACT_RECORDS: RecordModule = {
  module: 'contact',
  titleKey: 'nav.contacts',
  api: 'contact',
  permission: 'contact',
  fields: MODULE_FIELDS.contact,
  rowId: (row) => String(row.id),
  detailPath: (row) => `/app/contacts/detail/${String(row.id)}`,
  linkKey: 'info.full_name',
  searchKey: 'info.full_name',
  phoneKey: 'info.phone',
  bulkKeys: ['tags', 'stage', 'owner', 'derivedto', 'starred'],
};
