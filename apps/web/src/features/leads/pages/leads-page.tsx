import { RecordsModulePage } from '../../../shared/records/components/records-module-page';
import { LeadKanban } from '../components/lead-kanban';
import { NewLeadDialog } from '../components/new-lead-dialog';
import { LEAD_RECORDS } from '../lead-records';

/** /app/leads: the company's leads as a table or as a board by status, with a New lead dialog. */
export const LeadsPage = () => (
  <RecordsModulePage config={LEAD_RECORDS} i18nPrefix="leads" Kanban={LeadKanban} NewDialog={NewLeadDialog} />
);
