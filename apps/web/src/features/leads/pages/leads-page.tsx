import Add from '@mui/icons-material/Add';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import { Button, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import { RecordsPage } from '../../../shared/records/components/records-page';
import { storage } from '../../../shared/storage';
import { LeadKanban } from '../components/lead-kanban';
import { NewLeadDialog } from '../components/new-lead-dialog';
import { LEAD_RECORDS } from '../lead-records';

type Layout = 'list' | 'kanban';
const LAYOUT_KEY = 'leads.layout';

/** /app/leads: the company's leads as a table or as a board by status, with a New lead dialog. */
export const LeadsPage = () => {
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
        aria-label={t('leads.layout.label')}
      >
        <ToggleButton value="list" aria-label={t('leads.layout.list')} data-testid="layout-list">
          <Tooltip title={t('leads.layout.list')}>
            <TableRowsOutlined fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="kanban" aria-label={t('leads.layout.kanban')} data-testid="layout-kanban">
          <Tooltip title={t('leads.layout.kanban')}>
            <ViewKanbanOutlined fontSize="small" />
          </Tooltip>
        </ToggleButton>
      </ToggleButtonGroup>
      {can('lead.create') && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setIsNewOpen(true)}
          data-testid="new-lead"
        >
          {t('leads.new.button')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <RecordsPage
        config={LEAD_RECORDS}
        subtitle={t('leads.subtitle')}
        actions={actions}
        board={
          layout === 'kanban'
            ? (query) => <LeadKanban filters={query.filters} logical={query.logical} />
            : undefined
        }
      />
      <NewLeadDialog isOpen={isNewOpen} onClose={() => setIsNewOpen(false)} />
    </>
  );
};
