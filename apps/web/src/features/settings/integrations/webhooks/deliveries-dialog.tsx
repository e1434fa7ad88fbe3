import {
  type Integration,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@conversa/domain';
import {
  Box,
  Button,
  Chip,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TableCell,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api-client';
import { formattersFor } from '../../../../shared/format/intl-format';
import CheckCircleOutline from '../../../../shared/icons/CheckCircleOutline';
import ErrorOutline from '../../../../shared/icons/ErrorOutline';
import KeyboardArrowDown from '../../../../shared/icons/KeyboardArrowDown';
import KeyboardArrowUp from '../../../../shared/icons/KeyboardArrowUp';
import Replay from '../../../../shared/icons/Replay';
import Schedule from '../../../../shared/icons/Schedule';
import SendOutlined from '../../../../shared/icons/SendOutlined';
import { notify } from '../../../../shared/notify';
import { PagedTable, usePaging } from '../../../../shared/ui/paged-table';
import { visuallyHidden, wideOnly } from '../../../../shared/ui/table-styles';
import { useDeliveries, useDeliveriesLive, useReplayDelivery } from './webhooks-api';

const STATUS_LOOK = {
  pending: { color: 'default', icon: <Schedule /> },
  delivered: { color: 'success', icon: <CheckCircleOutline /> },
  failed: { color: 'error', icon: <ErrorOutline /> },
} as const;

const DeliveryStatus = ({ delivery }: { delivery: WebhookDelivery }) => {
  const { t, i18n } = useTranslation();
  const { color, icon } = STATUS_LOOK[delivery.status];
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Chip
        size="small"
        variant="outlined"
        color={color}
        icon={icon}
        label={t(`settings.webhooks.deliveryStatus.${delivery.status}`)}
        data-testid="delivery-status"
        data-status={delivery.status}
      />
      {delivery.status === 'pending' && delivery.next_attempt_at && (
        <Typography variant="caption" color="text.secondary">
          {t('settings.webhooks.nextAttempt', {
            date: formattersFor(i18n.language).dateTime(delivery.next_attempt_at),
          })}
        </Typography>
      )}
    </Box>
  );
};

type RowProps = { delivery: WebhookDelivery; canEdit: boolean; columns: number };

const DeliveryRow = ({ delivery, canEdit, columns }: RowProps) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const replay = useReplayDelivery();
  const [isOpen, setIsOpen] = useState(false);
  const payloadId = useId();
  const eventName = t(`settings.webhooks.events.${delivery.event}`);

  const runReplay = () =>
    replay.mutate(delivery.id, {
      onSuccess: () => notify(t('settings.webhooks.replayed', { event: eventName }), 'success'),
      onError: (error) => notify((error instanceof ApiError && error.info) || t('errors.generic'), 'error'),
    });

  return (
    <>
      <TableRow data-testid="delivery-row" data-id={delivery.id} hover sx={{ '& > td': { borderBottom: 0 } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={isOpen}
            aria-controls={payloadId}
            aria-label={t(isOpen ? 'settings.webhooks.hidePayload' : 'settings.webhooks.showPayload')}
            onClick={() => setIsOpen((open) => !open)}
            data-testid="delivery-expand"
          >
            {isOpen ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell data-testid="delivery-event">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {eventName}
          </Typography>
          <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ fontFamily: 'monospace' }}>
            {delivery.event}
          </Typography>
        </TableCell>
        <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>
          {format.dateTime(delivery.create_date)}
        </TableCell>
        <TableCell>
          <DeliveryStatus delivery={delivery} />
        </TableCell>
        <TableCell align="right" sx={wideOnly} data-testid="delivery-attempts">
          {format.number(delivery.attempts)}
        </TableCell>
        <TableCell align="right" sx={wideOnly} data-testid="delivery-http">
          {delivery.response_status ?? '—'}
        </TableCell>
        <TableCell sx={{ ...wideOnly, maxWidth: 260 }}>
          {delivery.error && (
            <Typography
              variant="caption"
              color="error"
              dir="auto"
              title={delivery.error}
              data-testid="delivery-error"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {delivery.error}
            </Typography>
          )}
        </TableCell>
        {canEdit && (
          <TableCell align="right">
            <Button
              size="small"
              startIcon={<Replay />}
              loading={replay.isPending}
              loadingPosition="start"
              onClick={runReplay}
              aria-label={t('settings.webhooks.replayNamed', { event: eventName })}
              data-testid="delivery-replay"
            >
              {t('settings.webhooks.replay')}
            </Button>
          </TableCell>
        )}
      </TableRow>
      <TableRow>
        <TableCell colSpan={columns} sx={{ py: 0 }}>
          <Collapse in={isOpen} unmountOnExit id={payloadId}>
            <Box
              component="pre"
              dir="ltr"
              data-testid="delivery-payload"
              sx={{
                m: 0,
                mb: 1.5,
                p: 1.5,
                borderRadius: 1,
                bgcolor: 'action.hover',
                fontFamily: 'monospace',
                fontSize: 12,
                overflowX: 'auto',
                textAlign: 'start',
              }}
            >
              {JSON.stringify(delivery.payload, null, 2)}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
};

type DeliveriesDialogProps = { integration: Integration; canEdit: boolean; onClose: () => void };

/**
 * One webhook's delivery log, newest first: what was sent, how the receiver answered, the attempts so far
 * and the payload as it was signed. A failed delivery can be replayed; retries and replays show live.
 */
export const DeliveriesDialog = ({ integration, canEdit, onClose }: DeliveriesDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const paging = usePaging();
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const query = useDeliveries(integration.id, { page: paging.page, offset: paging.offset, status });
  useDeliveriesLive();
  const rows = query.data?.rows ?? [];
  const columns = canEdit ? 8 : 7;

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="lg"
      fullScreen={isPhone}
      data-testid="deliveries-dialog"
    >
      <DialogTitle id={titleId}>
        {t('settings.webhooks.deliveriesTitle', { name: integration.name })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
            {t('settings.webhooks.deliveriesIntro')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={status ?? 'all'}
            aria-label={t('settings.webhooks.filterStatus')}
            onChange={(_event, chosen: WebhookDeliveryStatus | 'all' | null) => {
              if (chosen === null) return;
              setStatus(chosen === 'all' ? null : chosen);
              paging.restart();
            }}
          >
            <ToggleButton value="all" data-testid="delivery-filter-all">
              {t('settings.webhooks.allStatuses')}
            </ToggleButton>
            {WEBHOOK_DELIVERY_STATUSES.map((value) => (
              <ToggleButton key={value} value={value} data-testid={`delivery-filter-${value}`}>
                {t(`settings.webhooks.deliveryStatus.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <PagedTable
          query={query}
          paging={paging}
          rowCount={rows.length}
          total={query.data?.total ?? 0}
          label={t('settings.webhooks.deliveries')}
          testId="delivery-rows"
          columns={columns}
          texts={{
            loadFailed: t('settings.webhooks.deliveriesFailed'),
            rowsPerPage: t('settings.audit.rowsPerPage'),
          }}
          empty={{
            icon: SendOutlined,
            title: t(status ? 'settings.webhooks.noDeliveriesMatch' : 'settings.webhooks.noDeliveries'),
            description: status ? undefined : t('settings.webhooks.noDeliveriesHelp'),
          }}
          head={
            <>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {t('settings.webhooks.column.payload')}
                </Box>
              </TableCell>
              <TableCell>{t('settings.webhooks.column.event')}</TableCell>
              <TableCell sx={wideOnly}>{t('settings.webhooks.column.date')}</TableCell>
              <TableCell>{t('settings.webhooks.column.status')}</TableCell>
              <TableCell align="right" sx={wideOnly}>
                {t('settings.webhooks.column.attempts')}
              </TableCell>
              <TableCell align="right" sx={wideOnly}>
                {t('settings.webhooks.column.http')}
              </TableCell>
              <TableCell sx={wideOnly}>{t('settings.webhooks.column.error')}</TableCell>
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
          {rows.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} canEdit={canEdit} columns={columns} />
          ))}
        </PagedTable>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="deliveries-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
