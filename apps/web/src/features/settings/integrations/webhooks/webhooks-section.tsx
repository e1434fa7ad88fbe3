import { type Integration, WEBHOOK_EVENTS } from '@conversa/domain';
import Add from '@mui/icons-material/Add';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import { Box, Button, Chip, IconButton, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/account/use-account';
import { PagedTable, usePaging } from '../../../../shared/ui/paged-table';
import { visuallyHidden, wideOnly } from '../../../../shared/ui/table-styles';
import {
  DeleteIntegrationDialog,
  IntegrationActions,
  LastCallCell,
  SectionHeader,
} from '../integration-row-parts';
import { StatusCell } from '../integration-status';
import { useIntegrationList } from '../integrations-api';
import { DeliveriesDialog } from './deliveries-dialog';
import { WebhookDialog } from './webhook-dialog';
import { webhookFormOf } from './webhook-form';

const WEBHOOK_TYPES = ['crmx2'] as const;

/** How many events a webhook gets; the chip's tooltip names them. */
const EventsChip = ({ integration }: { integration: Integration }) => {
  const { t } = useTranslation();
  const { events } = webhookFormOf(integration);
  const isAll = events.length === WEBHOOK_EVENTS.length;
  return (
    <Tooltip title={events.map((event) => t(`settings.webhooks.events.${event}`)).join(', ')}>
      <Chip
        size="small"
        variant="outlined"
        label={
          isAll
            ? t('settings.webhooks.allEvents')
            : t('settings.webhooks.eventCount', { count: events.length })
        }
        data-testid="webhook-events"
      />
    </Tooltip>
  );
};

type RowProps = {
  integration: Integration;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onDeliveries: () => void;
};

const WebhookRow = ({ integration, canEdit, onEdit, onDelete, onDeliveries }: RowProps) => {
  const { t } = useTranslation();
  const { url } = webhookFormOf(integration);

  return (
    <TableRow data-testid="webhook-row" data-id={integration.id} hover>
      <TableCell sx={{ maxWidth: 360 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="webhook-name">
          {integration.name}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          dir="ltr"
          title={url}
          data-testid="webhook-url"
          sx={{
            display: 'block',
            fontFamily: 'monospace',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {url}
        </Typography>
      </TableCell>
      <TableCell sx={wideOnly}>
        <EventsChip integration={integration} />
      </TableCell>
      <TableCell>
        <StatusCell integration={integration} />
      </TableCell>
      <LastCallCell integration={integration} testId="webhook-last-delivery" />
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IntegrationActions
          integration={integration}
          texts="settings.webhooks"
          testId="webhook"
          canEdit={canEdit}
          onEdit={onEdit}
          onDelete={onDelete}
        >
          <Tooltip title={t('settings.webhooks.deliveries')}>
            <IconButton
              aria-label={t('settings.webhooks.deliveriesNamed', { name: integration.name })}
              onClick={onDeliveries}
              data-testid="webhook-deliveries"
            >
              <HistoryOutlined />
            </IconButton>
          </Tooltip>
        </IntegrationActions>
      </TableCell>
    </TableRow>
  );
};

type Editing = { integration?: Integration };

/**
 * The company's webhooks (the crmx2 integration): signed POSTs of its records' events to the URLs of the
 * systems that want them. Anyone who sees the settings reads the list and the delivery logs; with
 * setting.edit they are created, tested, edited, deleted and replayed.
 */
export const WebhooksSection = () => {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can('setting.edit');
  const paging = usePaging();
  const query = useIntegrationList({ page: paging.page, offset: paging.offset }, WEBHOOK_TYPES);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const [logOf, setLogOf] = useState<Integration | null>(null);
  const titleId = useId();
  const rows = (query.data?.rows ?? []).filter((integration) => integration.type === 'crmx2');

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="webhooks"
    >
      <SectionHeader
        titleId={titleId}
        title={t('settings.webhooks.title')}
        intro={t('settings.webhooks.intro')}
        action={
          canEdit && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing({})}
              data-testid="webhook-new"
            >
              {t('settings.webhooks.new')}
            </Button>
          )
        }
      />
      <PagedTable
        query={query}
        paging={paging}
        rowCount={rows.length}
        total={query.data?.total ?? 0}
        label={t('settings.webhooks.title')}
        testId="webhook-rows"
        columns={5}
        texts={{
          loadFailed: t('settings.webhooks.loadFailed'),
          rowsPerPage: t('settings.audit.rowsPerPage'),
        }}
        empty={{
          icon: WebhookOutlined,
          title: t('settings.webhooks.empty'),
          description: t('settings.webhooks.emptyHelp'),
        }}
        head={
          <>
            <TableCell>{t('settings.webhooks.column.webhook')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.webhooks.column.events')}</TableCell>
            <TableCell>{t('settings.integrations.column.status')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.webhooks.column.lastDelivery')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('settings.integrations.column.actions')}
              </Box>
            </TableCell>
          </>
        }
      >
        {rows.map((integration) => (
          <WebhookRow
            key={integration.id}
            integration={integration}
            canEdit={canEdit}
            onEdit={() => setEditing({ integration })}
            onDelete={() => setDeleting(integration)}
            onDeliveries={() => setLogOf(integration)}
          />
        ))}
      </PagedTable>
      {editing && (
        <WebhookDialog
          key={editing.integration?.id ?? 'new'}
          integration={editing.integration}
          onClose={() => setEditing(null)}
        />
      )}
      {logOf && <DeliveriesDialog integration={logOf} canEdit={canEdit} onClose={() => setLogOf(null)} />}
      <DeleteIntegrationDialog
        deleting={deleting}
        texts="settings.webhooks"
        testId="webhook"
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
