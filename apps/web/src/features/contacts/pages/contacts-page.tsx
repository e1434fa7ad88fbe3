import Add from '@mui/icons-material/Add';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import { Button, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import { RecordsPage } from '../../../shared/records/components/records-page';
import { storage } from '../../../shared/storage';
import { ContactKanban } from '../components/contact-kanban';
import { NewContactDialog } from '../components/new-contact-dialog';
import { CONTACT_RECORDS } from '../contact-records';

type Layout = 'list' | 'kanban';
const LAYOUT_KEY = 'contacts.layout';

/** /app/contacts: the company's contacts as a table or as a board by stage, with a New contact dialog. */
export const ContactsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [isNewOpen, setIsNewOpen] = useState(false);
  const [layout, setLayout] = useState<Layout>(() =>
    storage.getItem(LAYOUT_KEY) === 'kanban' ? 'kanban' : 'list',
  );
  const chooseLayout = (next: Layout) => {
    storage.setItem(LAYOUT_KEY, next);
    setLayout(next);
  };

  const actions = (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={layout}
        onChange={(_event, next: Layout | null) => next && chooseLayout(next)}
        aria-label={t('contacts.layout.label')}
      >
        <ToggleButton value="list" aria-label={t('contacts.layout.list')} data-testid="layout-list">
          <Tooltip title={t('contacts.layout.list')}>
            <TableRowsOutlined fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="kanban" aria-label={t('contacts.layout.kanban')} data-testid="layout-kanban">
          <Tooltip title={t('contacts.layout.kanban')}>
            <ViewKanbanOutlined fontSize="small" />
          </Tooltip>
        </ToggleButton>
      </ToggleButtonGroup>
      {can('contact.create') && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setIsNewOpen(true)}
          data-testid="new-contact"
        >
          {t('contacts.new.button')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <RecordsPage
        config={CONTACT_RECORDS}
        subtitle={t('contacts.subtitle')}
        actions={actions}
        board={
          layout === 'kanban'
            ? (query) => <ContactKanban filters={query.filters} logical={query.logical} />
            : undefined
        }
      />
      <NewContactDialog isOpen={isNewOpen} onClose={() => setIsNewOpen(false)} />
    </>
  );
};
