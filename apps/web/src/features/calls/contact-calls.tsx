import type { Call } from '@conversa/domain';
import { Box, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../shared/account/use-account';
import { formattersFor } from '../../shared/format/intl-format';
import CallMade from '../../shared/icons/CallMade';
import CallReceived from '../../shared/icons/CallReceived';
import PhoneOutlined from '../../shared/icons/PhoneOutlined';
import SwapHoriz from '../../shared/icons/SwapHoriz';
import { type Notification, useSocketEvent } from '../../shared/socket';
import { PagedTable, usePaging } from '../../shared/ui/paged-table';
import { wideOnly } from '../../shared/ui/table-styles';
import { contactCallsKey, useContactCalls } from './calls-api';

const RESULT_COLORS: Record<Call['result'], 'success' | 'default' | 'warning' | 'error' | 'info'> = {
  answered: 'success',
  not_answered: 'default',
  voicemail: 'info',
  missed_call: 'warning',
  wrong_number: 'error',
};

const DIRECTION_ICONS = { inbound: CallReceived, outbound: CallMade, internal: SwapHoriz } as const;

/** Talk time as m:ss (h:mm:ss past an hour), the way phones show it. */
export const formatCallDuration = (seconds: number): string => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
};

const CallRow = ({ call }: { call: Call }) => {
  const { t, i18n } = useTranslation();
  const { list_user } = useAccount();
  const agent = list_user.find((user) => user.id === call.user_id);
  const Direction = DIRECTION_ICONS[call.direction];
  return (
    <TableRow data-testid="call-row" data-id={call.id} hover>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Direction fontSize="small" color="action" aria-hidden />
          <Typography variant="body2" data-testid="call-direction">
            {t(`calls.directions.${call.direction}`)}
          </Typography>
        </Box>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={RESULT_COLORS[call.result]}
          variant={call.result === 'answered' ? 'filled' : 'outlined'}
          label={t(`calls.results.${call.result}`)}
          data-testid="call-result"
        />
      </TableCell>
      <TableCell data-testid="call-duration" dir="ltr">
        {formatCallDuration(call.duration)}
      </TableCell>
      <TableCell sx={wideOnly} data-testid="call-agent">
        {agent?.name ?? (call.extension ? t('calls.extension', { extension: call.extension }) : '—')}
      </TableCell>
      <TableCell data-testid="call-date">{formattersFor(i18n.language).dateTime(call.started_at)}</TableCell>
    </TableRow>
  );
};

/**
 * The contact's calls from the company's PBX, newest first: direction, result, talk time, agent and date.
 * A call the PBX reports while the tab is open shows at once.
 */
export const ContactCalls = ({ contactId }: { contactId: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const query = useContactCalls(contactId, { page: paging.page, offset: paging.offset });
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== 'call') return;
    const isThisContact =
      notification.ref === contactId ||
      notification.data.some((call) => (call as { contact_id?: unknown }).contact_id === contactId);
    if (isThisContact) void queryClient.invalidateQueries({ queryKey: contactCallsKey(contactId) });
  });
  const rows = query.data?.rows ?? [];

  return (
    <Box sx={{ maxWidth: 1100 }} data-testid="contact-calls">
      <PagedTable
        query={query}
        paging={paging}
        rowCount={rows.length}
        total={query.data?.total ?? 0}
        label={t('calls.title')}
        testId="call-rows"
        columns={5}
        texts={{ loadFailed: t('calls.loadFailed'), rowsPerPage: t('settings.audit.rowsPerPage') }}
        empty={{ icon: PhoneOutlined, title: t('calls.empty'), description: t('calls.emptyHelp') }}
        head={
          <>
            <TableCell>{t('calls.column.direction')}</TableCell>
            <TableCell>{t('calls.column.result')}</TableCell>
            <TableCell>{t('calls.column.duration')}</TableCell>
            <TableCell sx={wideOnly}>{t('calls.column.agent')}</TableCell>
            <TableCell>{t('calls.column.date')}</TableCell>
          </>
        }
      >
        {rows.map((call) => (
          <CallRow key={call.id} call={call} />
        ))}
      </PagedTable>
    </Box>
  );
};
