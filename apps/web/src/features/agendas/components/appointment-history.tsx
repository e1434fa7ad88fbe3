import type { Appointment } from '@conversa/domain';
import { Box, Chip, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import { ROW_STATE_TONE } from '../../../shared/scheduling/confirmation-tones';
import { useAppointmentHistory } from '../api/appointment-history';

/** The confirmation requests an appointment received: when, what the patient answered, and the write-back. */
export const AppointmentHistory = ({ appointment, day }: { appointment: Appointment; day: string }) => {
  const { t, i18n } = useTranslation();
  const formatters = formattersFor(i18n.language);
  const history = useAppointmentHistory(appointment, day, true);
  const entries = history.data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="appointment-history">
      <Typography variant="subtitle2" component="h3">
        {t('agendas.history.title')}
      </Typography>
      {history.isPending && <Skeleton variant="rounded" height={48} />}
      {history.isError && (
        <Typography variant="body2" color="text.secondary">
          {t('agendas.history.loadFailed')}
        </Typography>
      )}
      {history.isSuccess && entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('agendas.history.empty')}
        </Typography>
      )}
      {entries.map(({ run, row }) => (
        <Box
          key={row.id}
          sx={{ display: 'grid', gap: 0.5, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
          data-testid="appointment-history-row"
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={ROW_STATE_TONE[row.state]}
              label={t(`confirmations.rowState.${row.state}`)}
            />
            <Typography variant="caption" color="text.secondary">
              {t(`confirmations.status.${run.status}`)}
            </Typography>
          </Box>
          <Typography variant="caption">
            {row.sent_at
              ? t('agendas.history.sent', { at: formatters.dateTime(row.sent_at) })
              : t('agendas.history.notSent')}
            {row.answered_at &&
              ` · ${t('agendas.history.answered', { at: formatters.dateTime(row.answered_at) })}`}
          </Typography>
          {row.writeback !== 'none' && (
            <Typography variant="caption" color={row.writeback === 'failed' ? 'error' : 'text.secondary'}>
              {t(`confirmations.writeback.${row.writeback}`)}
            </Typography>
          )}
          {row.error && (
            <Typography variant="caption" color="error" dir="auto">
              {row.error}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
};
