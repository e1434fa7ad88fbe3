import {
  BOT_INTEGRATION_TYPES,
  type BotIntegrationType,
  type Device,
  type Integration,
  isBotIntegrationType,
} from '@conversa/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import {
  Box,
  Button,
  Chip,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { formattersFor } from '../../../shared/format/intl-format';
import { notify } from '../../../shared/notify';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { visuallyHidden, wideOnly } from '../../../shared/ui/table-styles';
import { ConfirmDialog } from '../confirm-dialog';
import { DeviceDot, IntegrationAvatar } from './integration-brand';
import { IntegrationDialog } from './integration-dialog';
import { StatusCell } from './integration-status';
import { useDeleteIntegration, useIntegrationList, useTestIntegration } from './integrations-api';
import { useIntegrationsLive } from './integrations-live';
import { WebhooksSection } from './webhooks/webhooks-section';

type BotIntegration = Integration & { type: BotIntegrationType };

const isBot = (integration: Integration): integration is BotIntegration =>
  isBotIntegrationType(integration.type);

const isDevice = (value: unknown): value is Device =>
  typeof value === 'object' && value !== null && 'id' in value && 'name' in value && 'color' in value;

type RowProps = {
  integration: BotIntegration;
  devices: ReadonlyMap<string, Device>;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

const IntegrationRow = ({ integration, devices, canEdit, onEdit, onDelete }: RowProps) => {
  const { t, i18n } = useTranslation();
  const test = useTestIntegration();
  const format = formattersFor(i18n.language);
  const answered = integration.device_ids.flatMap((id) => devices.get(id) ?? []);

  const runTest = () =>
    test.mutate(integration.id, {
      onSuccess: (tested) =>
        tested.status === 'connected'
          ? notify(t('settings.integrations.testOk', { name: tested.name }), 'success')
          : notify(
              t('settings.integrations.testFailed', {
                name: tested.name,
                error: tested.error || t('errors.generic'),
              }),
              'error',
            ),
      onError: (error) => notify((error instanceof ApiError && error.info) || t('errors.generic'), 'error'),
    });

  return (
    <TableRow data-testid="integration-row" data-id={integration.id} hover>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 180 }}>
          <IntegrationAvatar type={integration.type} size={36} />
          <Box sx={{ display: 'grid' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="integration-name">
              {integration.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" data-testid="integration-type">
              {t(`settings.integrations.types.${integration.type}`)}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={wideOnly} data-testid="integration-devices">
        {answered.length === 0 ? (
          <Typography variant="caption" color="text.secondary">
            {t('settings.integrations.noDeviceChosen')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {answered.map((device) => (
              <Chip
                key={device.id}
                size="small"
                variant="outlined"
                icon={<DeviceDot color={device.color} />}
                label={device.name}
              />
            ))}
          </Box>
        )}
      </TableCell>
      <TableCell>
        <StatusCell integration={integration} />
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }} data-testid="integration-last-sync">
        {integration.last_sync_at
          ? format.dateTime(integration.last_sync_at)
          : t('settings.integrations.neverSynced')}
      </TableCell>
      {canEdit && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<NetworkCheck />}
            loading={test.isPending}
            loadingPosition="start"
            onClick={runTest}
            aria-label={t('settings.integrations.testNamed', { name: integration.name })}
            data-testid="integration-test"
            sx={{ marginInlineEnd: 1 }}
          >
            {t('settings.integrations.test')}
          </Button>
          <Tooltip title={t('settings.integrations.edit')}>
            <IconButton
              aria-label={t('settings.integrations.editNamed', { name: integration.name })}
              onClick={onEdit}
              data-testid="integration-edit"
            >
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('settings.integrations.delete')}>
            <IconButton
              aria-label={t('settings.integrations.deleteNamed', { name: integration.name })}
              onClick={onDelete}
              data-testid="integration-delete"
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
};

/** "New integration": which bot to connect, each with its mark and what it is for. */
const NewIntegrationButton = ({ onChoose }: { onChoose: (type: BotIntegrationType) => void }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Add />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="integration-new"
      >
        {t('settings.integrations.new')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {BOT_INTEGRATION_TYPES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onChoose(type);
            }}
            data-testid={`integration-new-${type}`}
            sx={{ maxWidth: 380, whiteSpace: 'normal', py: 1.5 }}
          >
            <ListItemIcon sx={{ marginInlineEnd: 1.5 }}>
              <IntegrationAvatar type={type} size={32} />
            </ListItemIcon>
            <ListItemText
              primary={t(`settings.integrations.types.${type}`)}
              secondary={t(`settings.integrations.choice.${type}`)}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

type Editing = { type: BotIntegrationType; integration?: BotIntegration };

/**
 * The company's answer bots (ChatGPT, Dialogflow): the devices each answers on, whether its provider
 * answered the last call and when; below them, the webhooks. With setting.edit they are created, tested,
 * edited and deleted here; changes made elsewhere (a colleague, a bot that fell into error) show live.
 */
export const IntegrationsTab = () => {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can('setting.edit');
  const account = useAccount();
  const paging = usePaging();
  const query = useIntegrationList({ page: paging.page, offset: paging.offset });
  const remove = useDeleteIntegration();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<BotIntegration | null>(null);
  const titleId = useId();
  useIntegrationsLive();
  const devices = useMemo(
    () => new Map(account.list_device.filter(isDevice).map((device) => [device.id, device])),
    [account.list_device],
  );
  const rows = (query.data?.rows ?? []).filter(isBot);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify(t('settings.integrations.deleted', { name: deleting.name }), 'success'),
      onError: (error) => notify((error instanceof ApiError && error.info) || t('errors.generic'), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 5 }}>
      <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }} data-testid="bots">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 320px', display: 'grid', gap: 0.5 }}>
            <Typography id={titleId} variant="h6" component="h2">
              {t('settings.integrations.botsTitle')}
            </Typography>
            <Typography color="text.secondary">{t('settings.integrations.intro.list')}</Typography>
          </Box>
          {canEdit && <NewIntegrationButton onChoose={(type) => setEditing({ type })} />}
        </Box>
        <PagedTable
          query={query}
          paging={paging}
          rowCount={rows.length}
          total={query.data?.total ?? 0}
          label={t('settings.tab.integrations')}
          testId="integration-rows"
          columns={canEdit ? 5 : 4}
          texts={{
            loadFailed: t('settings.integrations.loadFailed'),
            rowsPerPage: t('settings.audit.rowsPerPage'),
          }}
          empty={{
            icon: SmartToyOutlined,
            title: t('settings.integrations.empty'),
            description: t('settings.integrations.emptyHelp'),
          }}
          head={
            <>
              <TableCell>{t('settings.integrations.column.bot')}</TableCell>
              <TableCell sx={wideOnly}>{t('settings.integrations.column.devices')}</TableCell>
              <TableCell>{t('settings.integrations.column.status')}</TableCell>
              <TableCell sx={wideOnly}>{t('settings.integrations.column.lastSync')}</TableCell>
              {canEdit && (
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('settings.integrations.column.actions')}
                  </Box>
                </TableCell>
              )}
            </>
          }
        >
          {rows.map((integration) => (
            <IntegrationRow
              key={integration.id}
              integration={integration}
              devices={devices}
              canEdit={canEdit}
              onEdit={() => setEditing({ type: integration.type, integration })}
              onDelete={() => setDeleting(integration)}
            />
          ))}
        </PagedTable>
        {editing && (
          <IntegrationDialog
            key={editing.integration?.id ?? `new-${editing.type}`}
            type={editing.type}
            integration={editing.integration}
            others={rows}
            onClose={() => setEditing(null)}
          />
        )}
        <ConfirmDialog
          isOpen={deleting !== null}
          title={t('settings.integrations.deleteTitle')}
          text={t('settings.integrations.confirmDelete', { name: deleting?.name ?? '' })}
          confirmLabel={t('settings.integrations.delete')}
          isPending={remove.isPending}
          testId="integration-delete"
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      </Box>
      <WebhooksSection />
    </Box>
  );
};
