import type { Integration, IntegrationSyncProgress } from '@conversa/domain';
import { Avatar, Box, Button, LinearProgress, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/account/use-account';
import { ApiError } from '../../../../shared/api-client';
import HubOutlined from '../../../../shared/icons/HubOutlined';
import Sync from '../../../../shared/icons/Sync';
import { notify } from '../../../../shared/notify';
import { wideOnly } from '../../../../shared/ui/table-styles';
import { DeleteIntegrationDialog, IntegrationCells, IntegrationHeadCells } from '../integration-row-parts';
import { AddButton, IntegrationSection, SectionTable } from '../integration-section';
import { useIntegrationPage } from '../integrations-api';
import { ZohoDialog } from './zoho-dialog';
import { dataCentreKey, zohoFormOf } from './zoho-form';
import { percentOf, useSyncIntegration, useSyncProgress } from './zoho-sync';

const CRM_TYPES = ['crmzoho'] as const;
/** Zoho's red, behind its mark: recognised at a glance, as the bots' makers' colours are. */
const ZOHO_RED = '#e42527';

export const ZohoAvatar = ({ size = 36 }: { size?: number }) => (
  <Avatar
    sx={{ bgcolor: ZOHO_RED, color: '#fff', width: size, height: size }}
    data-testid="integration-logo-crmzoho"
    aria-hidden="true"
  >
    <HubOutlined sx={{ fontSize: size * 0.55 }} />
  </Avatar>
);

/** A running sync's bar, with its count for those who do not see it. */
const SyncProgressBar = ({ progress }: { progress: IntegrationSyncProgress }) => {
  const { t } = useTranslation();
  const label = t('settings.zoho.syncProgress', { done: progress.done, total: progress.total });
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 160 }} data-testid="zoho-sync-progress">
      <LinearProgress variant="determinate" value={percentOf(progress)} aria-label={label} />
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
};

type RowProps = {
  integration: Integration;
  progress: IntegrationSyncProgress | undefined;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

const ZohoRow = ({ integration, progress, canEdit, onEdit, onDelete }: RowProps) => {
  const { t } = useTranslation();
  const sync = useSyncIntegration();
  const form = zohoFormOf(integration);
  const records = [
    ...(form.sync_contacts ? [t('settings.zoho.contacts')] : []),
    ...(form.sync_leads ? [t('settings.zoho.leads')] : []),
  ];
  const syncNow = () =>
    sync.mutate(integration.id, {
      onSuccess: ({ info }) => notify(info || t('settings.zoho.syncStarted'), 'success'),
      onError: (error) => notify((error instanceof ApiError && error.info) || t('errors.generic'), 'error'),
    });

  return (
    <TableRow data-testid="zoho-row" data-id={integration.id} hover>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 180 }}>
          <ZohoAvatar />
          <Box sx={{ display: 'grid' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {integration.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('settings.zoho.typeName')} ·{' '}
              {t(`settings.zoho.dataCentres.${dataCentreKey(form.data_centre)}`)}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={wideOnly} data-testid="zoho-records">
        {progress ? (
          <SyncProgressBar progress={progress} />
        ) : records.length > 0 ? (
          records.join(', ')
        ) : (
          t('settings.zoho.nothingSynced')
        )}
      </TableCell>
      <IntegrationCells
        integration={integration}
        texts="settings.zoho"
        testId="zoho"
        lastCallTestId="zoho-last-sync"
        canEdit={canEdit}
        onEdit={onEdit}
        onDelete={onDelete}
      >
        {canEdit && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Sync />}
            loading={sync.isPending}
            loadingPosition="start"
            disabled={progress !== undefined}
            onClick={syncNow}
            aria-label={t('settings.zoho.syncNamed', { name: integration.name })}
            data-testid="zoho-sync"
            sx={{ marginInlineEnd: 1 }}
          >
            {t('settings.zoho.syncNow')}
          </Button>
        )}
      </IntegrationCells>
    </TableRow>
  );
};

/**
 * Zoho CRM: the company's contacts and leads upserted in Zoho as they change, and all of them on "Sync
 * now", its progress shown live. With setting.edit it is connected, tested, synced, edited and removed.
 */
export const ZohoSection = () => {
  const { t } = useTranslation();
  const canEdit = useCan()('setting.edit');
  const list = useIntegrationPage(CRM_TYPES);
  const progress = useSyncProgress();
  const [editing, setEditing] = useState<{ integration?: Integration } | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);

  return (
    <IntegrationSection
      testId="zoho"
      title={t('settings.zoho.title')}
      intro={t('settings.zoho.sectionIntro')}
      action={
        canEdit && (
          <AddButton label={t('settings.zoho.new')} testId="zoho-new" onClick={() => setEditing({})} />
        )
      }
    >
      <SectionTable
        list={list}
        label={t('settings.zoho.title')}
        testId="zoho-rows"
        loadFailed={t('settings.zoho.loadFailed')}
        empty={{
          icon: HubOutlined,
          title: t('settings.zoho.empty'),
          description: t('settings.zoho.emptyHelp'),
        }}
        columns={4}
        hasActions
        head={
          <>
            <TableCell>{t('settings.zoho.column.account')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.zoho.column.records')}</TableCell>
            <IntegrationHeadCells />
          </>
        }
      >
        {list.rows.map((integration) => (
          <ZohoRow
            key={integration.id}
            integration={integration}
            progress={progress.get(integration.id)}
            canEdit={canEdit}
            onEdit={() => setEditing({ integration })}
            onDelete={() => setDeleting(integration)}
          />
        ))}
      </SectionTable>
      {editing && (
        <ZohoDialog
          key={editing.integration?.id ?? 'new'}
          integration={editing.integration}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteIntegrationDialog
        deleting={deleting}
        texts="settings.zoho"
        testId="zoho"
        onClose={() => setDeleting(null)}
      />
    </IntegrationSection>
  );
};
