import { RecordsModulePage } from '../../../shared/records/components/records-module-page';
import { ContactKanban } from '../components/contact-kanban';
import { NewContactDialog } from '../components/new-contact-dialog';
import { CONTACT_RECORDS } from '../contact-records';

/** /app/contacts: the company's contacts as a table or as a board by stage, with a New contact dialog. */
export const ContactsPage = () => (
  <RecordsModulePage
    config={CONTACT_RECORDS}
    i18nPrefix="contacts"
    Kanban={ContactKanban}
    NewDialog={NewContactDialog}
  />
);
