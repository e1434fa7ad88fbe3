import { MODULE_FIELDS } from '@conversa/domain';
import type { RecordModule } from '../../shared/records/record-module';
import { dealPath } from './deal-paths';

/** Deals on the record kit: the table, filters, views, bulk actions, export and import come from this. */
export const DEAL_RECORDS: RecordModule = {
  module: 'deal',
  titleKey: 'nav.deals',
  api: 'deal',
  permission: 'deal',
  fields: MODULE_FIELDS.deal,
  rowId: (row) => String(row.id),
  detailPath: (row) => dealPath(String(row.id)),
  linkKey: 'name',
  searchKey: 'name',
  bulkKeys: ['pipeline_stage_id', 'stage', 'branch', 'closing_date', 'expected_date', 'owner', 'tags'],
};
