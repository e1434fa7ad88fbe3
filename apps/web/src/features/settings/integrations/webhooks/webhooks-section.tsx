import { type Integration, WEBHOOK_EVENTS } from '@conversa/domain';
import { Chip, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/account/use-account';
import HistoryOutlined from '../../../../shared/icons/HistoryOutlined';
import WebhookOutlined from '../../../../shared/icons/WebhookOutlined';
import { wideOnly } from '../../../../shared/ui/table-styles';
import {
  DeleteIntegrationDialog,
  IntegrationCells,
  IntegrationHeadCells,
  RowIconButton,
} from '../integration-row-parts';
import { AddButton, IntegrationSection, SectionTable } from '../integration-section';
import { useIntegrationPage } from '../integrations-api';
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
      <IntegrationCells
        integration={integration}
        texts="settings.webhooks"
        testId="webhook"
        lastCallTestId="webhook-last-delivery"
        canEdit={canEdit}
        onEdit={onEdit}
        onDelete={onDelete}
      >
        <RowIconButton
          title={t('settings.webhooks.deliveries')}
          label={t('settings.webhooks.deliveriesNamed', { name: integration.name })}
          icon={<HistoryOutlined />}
          testId="webhook-deliveries"
          onClick={onDeliveries}
        />
      </IntegrationCells>
    </TableRow>
  );
};

/**
 * The company's webhooks (the crmx2 integration): signed POSTs of its records' events to the URLs of the
 * systems that want them. Anyone who sees the settings reads the list and the delivery logs; with
 * setting.edit they are created, tested, edited, deleted and replayed.
 */
export const WebhooksSection = () => {
  const { t } = useTranslation();
  const canEdit = useCan()('setting.edit');
  const list = useIntegrationPage(WEBHOOK_TYPES);
  const [editing, setEditing] = useState<{ integration?: Integration } | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const [logOf, setLogOf] = useState<Integration | null>(null);

  return (
    <IntegrationSection
      testId="webhooks"
      title={t('settings.webhooks.title')}
      intro={t('settings.webhooks.intro')}
      action={
        canEdit && (
          <AddButton label={t('settings.webhooks.new')} testId="webhook-new" onClick={() => setEditing({})} />
        )
      }
    >
      <SectionTable
        list={list}
        label={t('settings.webhooks.title')}
        testId="webhook-rows"
        loadFailed={t('settings.webhooks.loadFailed')}
        empty={{
          icon: WebhookOutlined,
          title: t('settings.webhooks.empty'),
          description: t('settings.webhooks.emptyHelp'),
        }}
        columns={4}
        hasActions
        head={
          <>
            <TableCell>{t('settings.webhooks.column.webhook')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.webhooks.column.events')}</TableCell>
            <IntegrationHeadCells lastCall={t('settings.webhooks.column.lastDelivery')} />
          </>
        }
      >
        {list.rows.map((integration) => (
          <WebhookRow
            key={integration.id}
            integration={integration}
            canEdit={canEdit}
            onEdit={() => setEditing({ integration })}
            onDelete={() => setDeleting(integration)}
            onDeliveries={() => setLogOf(integration)}
          />
        ))}
      </SectionTable>
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
    </IntegrationSection>
  );
};
