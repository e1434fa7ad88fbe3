import type { Filter, Logical } from '@conversa/domain';
import { Button, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Add from '../../icons/Add';
import TableRowsOutlined from '../../icons/TableRowsOutlined';
import ViewKanbanOutlined from '../../icons/ViewKanbanOutlined';
import { storage } from '../../storage';
import type { RecordModule } from '../record-module';
import { useRecordAccess } from '../use-record-access';
import { RecordsPage } from './records-page';

type Layout = 'list' | 'kanban';

type RecordsModulePageProps = {
  config: RecordModule;
  /**
   * The module's i18n namespace (`contacts`): it holds `subtitle`, `layout.label|list|kanban` and
   * `new.button`; the chosen layout is remembered in storage under `{prefix}.layout`.
   */
  i18nPrefix: string;
  /** The module's board, under the same search and filters as the table. */
  Kanban: ComponentType<{ filters?: Filter[]; logical?: Logical }>;
  /** The module's create dialog, opened by the New button (shown with `{module}.create`). */
  NewDialog: ComponentType<{ isOpen: boolean; onClose: () => void }>;
};

/** A module's list page: the records table or its kanban board (the choice is remembered), and a New button. */
export const RecordsModulePage = ({ config, i18nPrefix, Kanban, NewDialog }: RecordsModulePageProps) => {
  const { t } = useTranslation();
  const may = useRecordAccess(config);
  const layoutKey = `${i18nPrefix}.layout`;
  const [isNewOpen, setIsNewOpen] = useState(false);
  const [layout, setLayout] = useState<Layout>(() =>
    storage.getItem(layoutKey) === 'kanban' ? 'kanban' : 'list',
  );
  const chooseLayout = (next: Layout) => {
    storage.setItem(layoutKey, next);
    setLayout(next);
  };

  const actions = (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={layout}
        onChange={(_event, next: Layout | null) => next && chooseLayout(next)}
        aria-label={t(`${i18nPrefix}.layout.label`)}
      >
        <ToggleButton value="list" aria-label={t(`${i18nPrefix}.layout.list`)} data-testid="layout-list">
          <Tooltip title={t(`${i18nPrefix}.layout.list`)}>
            <TableRowsOutlined fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton
          value="kanban"
          aria-label={t(`${i18nPrefix}.layout.kanban`)}
          data-testid="layout-kanban"
        >
          <Tooltip title={t(`${i18nPrefix}.layout.kanban`)}>
            <ViewKanbanOutlined fontSize="small" />
          </Tooltip>
        </ToggleButton>
      </ToggleButtonGroup>
      {may('create') && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setIsNewOpen(true)}
          data-testid={`new-${config.module}`}
        >
          {t(`${i18nPrefix}.new.button`)}
        </Button>
      )}
    </>
  );

  return (
    <>
      <RecordsPage
        config={config}
        subtitle={t(`${i18nPrefix}.subtitle`)}
        actions={actions}
        board={
          layout === 'kanban'
            ? (query) => <Kanban filters={query.filters} logical={query.logical} />
            : undefined
        }
      />
      <NewDialog isOpen={isNewOpen} onClose={() => setIsNewOpen(false)} />
    </>
  );
};
