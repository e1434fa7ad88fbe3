import {
  type Integration,
  SCHEDULING_INTEGRATION_TYPES,
  type SchedulingIntegrationType,
} from '@conversa/domain';
import { Button, TableCell, TableRow } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/account/use-account';
import { ApiError } from '../../../../shared/api-client';
import EventNoteOutlined from '../../../../shared/icons/EventNoteOutlined';
import ListAltOutlined from '../../../../shared/icons/ListAltOutlined';
import Sync from '../../../../shared/icons/Sync';
import { notify } from '../../../../shared/notify';
import {
  DeleteIntegrationDialog,
  IntegrationCells,
  IntegrationHeadCells,
  RowIconButton,
} from '../integration-row-parts';
import { IntegrationSection, SectionTable } from '../integration-section';
import { useIntegrationPage } from '../integrations-api';
import { IntegrationNameCell, NewIntegrationMenu } from '../new-integration-menu';
import { CatalogDialog } from './catalog-dialog';
import { useSyncScheduling } from './scheduling-api';
import { SchedulingAvatar } from './scheduling-brand';
import { SchedulingDialog } from './scheduling-dialog';

type SchedulingIntegration = Integration & { type: SchedulingIntegrationType };

const isDailyOn = (integration: Integration): boolean =>
  (integration.config.auto_confirmation as { enabled?: unknown } | undefined)?.enabled === true;

type RowProps = {
  integration: SchedulingIntegration;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onCatalog: () => void;
};

const SchedulingRow = ({ integration, canEdit, onEdit, onDelete, onCatalog }: RowProps) => {
  const { t } = useTranslation();
  const sync = useSyncScheduling();
  const isStandard = integration.type === 'standard';
  const syncNow = () =>
    sync.mutate(integration.id, {
      onSuccess: (synced) =>
        synced.status === 'error'
          ? notify(t('settings.scheduling.syncFailed', { name: synced.name }), 'error', synced.error)
          : notify(t('settings.scheduling.synced', { name: synced.name }), 'success'),
      onError: (error) => notify((error instanceof ApiError && error.info) || t('errors.generic'), 'error'),
    });
  return (
    <TableRow data-testid="scheduling-row" data-id={integration.id} hover>
      <IntegrationNameCell
        avatar={<SchedulingAvatar type={integration.type} />}
        name={integration.name}
        caption={`${t(`settings.scheduling.types.${integration.type}`)}${
          isDailyOn(integration) ? ` · ${t('settings.scheduling.dailyOn')}` : ''
        }`}
      />
      <IntegrationCells
        integration={integration}
        texts="settings.scheduling"
        testId="scheduling"
        lastCallTestId="scheduling-last-sync"
        isBuiltIn={isStandard}
        canEdit={canEdit}
        onEdit={onEdit}
        onDelete={onDelete}
      >
        {!isStandard && (
          <RowIconButton
            title={t('settings.scheduling.catalog.open')}
            label={t('settings.scheduling.catalog.openNamed', { name: integration.name })}
            icon={<ListAltOutlined />}
            testId="scheduling-catalog"
            onClick={onCatalog}
          />
        )}
        {canEdit && !isStandard && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Sync />}
            loading={sync.isPending}
            loadingPosition="start"
            onClick={syncNow}
            aria-label={t('settings.scheduling.syncNamed', { name: integration.name })}
            data-testid="scheduling-sync"
            sx={{ marginInlineEnd: 1 }}
          >
            {t('settings.scheduling.sync')}
          </Button>
        )}
      </IntegrationCells>
    </TableRow>
  );
};

type Editing = { type: SchedulingIntegrationType; integration?: SchedulingIntegration };

/**
 * The company's agendas: outside scheduling systems (Dentalink, Medilink, Dentalsoft, Calendly) whose
 * appointments are pulled into the agenda, and the product's own Standard agenda; each with its state,
 * last sync and its error. With setting.edit they are connected, tested, synced, edited and removed.
 */
export const SchedulingSection = () => {
  const { t } = useTranslation();
  const canEdit = useCan()('setting.edit');
  const list = useIntegrationPage(SCHEDULING_INTEGRATION_TYPES);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const [catalogOf, setCatalogOf] = useState<Integration | null>(null);
  const rows = list.rows as SchedulingIntegration[];

  return (
    <IntegrationSection
      testId="scheduling"
      title={t('settings.scheduling.title')}
      intro={t('settings.scheduling.sectionIntro')}
      action={
        canEdit && (
          <NewIntegrationMenu
            label={t('settings.scheduling.new')}
            types={SCHEDULING_INTEGRATION_TYPES}
            avatar={(type) => <SchedulingAvatar type={type} size={32} />}
            nameOf={(type) => t(`settings.scheduling.types.${type}`)}
            descriptionOf={(type) => t(`settings.scheduling.choice.${type}`)}
            testId="scheduling-new"
            onChoose={(type) => setEditing({ type })}
          />
        )
      }
    >
      <SectionTable
        list={list}
        label={t('settings.scheduling.title')}
        testId="scheduling-rows"
        loadFailed={t('settings.scheduling.loadFailed')}
        empty={{
          icon: EventNoteOutlined,
          title: t('settings.scheduling.empty'),
          description: t('settings.scheduling.emptyHelp'),
        }}
        columns={3}
        hasActions
        head={
          <>
            <TableCell>{t('settings.scheduling.column.agenda')}</TableCell>
            <IntegrationHeadCells lastCall={t('settings.scheduling.column.lastSync')} />
          </>
        }
      >
        {rows.map((integration) => (
          <SchedulingRow
            key={integration.id}
            integration={integration}
            canEdit={canEdit}
            onEdit={() => setEditing({ type: integration.type, integration })}
            onDelete={() => setDeleting(integration)}
            onCatalog={() => setCatalogOf(integration)}
          />
        ))}
      </SectionTable>
      {editing && (
        <SchedulingDialog
          key={editing.integration?.id ?? `new-${editing.type}`}
          type={editing.type}
          integration={editing.integration}
          onClose={() => setEditing(null)}
        />
      )}
      {catalogOf && <CatalogDialog integration={catalogOf} onClose={() => setCatalogOf(null)} />}
      <DeleteIntegrationDialog
        deleting={deleting}
        texts="settings.scheduling"
        testId="scheduling"
        onClose={() => setDeleting(null)}
      />
    </IntegrationSection>
  );
};
