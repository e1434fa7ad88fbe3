import { Button, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import TableRowsOutlined from '../../../shared/icons/TableRowsOutlined';
import ViewKanbanOutlined from '../../../shared/icons/ViewKanbanOutlined';
import { DEALS_LIST_PATH, DEALS_PATH } from '../deal-paths';
import { NewDealDialog } from './new-deal-dialog';

/** The board/list switch (two addresses, so each view can be linked) and the New deal button. */
export const DealsActions = ({ layout }: { layout: 'kanban' | 'list' }) => {
  const { t } = useTranslation();
  const can = useCan();
  const [isNewOpen, setIsNewOpen] = useState(false);
  return (
    <>
      <ToggleButtonGroup size="small" exclusive value={layout} aria-label={t('deals.layout.label')}>
        <ToggleButton
          value="kanban"
          component={Link}
          to={DEALS_PATH}
          aria-label={t('deals.layout.kanban')}
          data-testid="layout-kanban"
        >
          <Tooltip title={t('deals.layout.kanban')}>
            <ViewKanbanOutlined fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton
          value="list"
          component={Link}
          to={DEALS_LIST_PATH}
          aria-label={t('deals.layout.list')}
          data-testid="layout-list"
        >
          <Tooltip title={t('deals.layout.list')}>
            <TableRowsOutlined fontSize="small" />
          </Tooltip>
        </ToggleButton>
      </ToggleButtonGroup>
      {can('deal.create') && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setIsNewOpen(true)}
          data-testid="new-deal"
        >
          {t('deals.new.button')}
        </Button>
      )}
      <NewDealDialog open={isNewOpen} onClose={() => setIsNewOpen(false)} />
    </>
  );
};
