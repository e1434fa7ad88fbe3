import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@conversa/domain';
import { Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { STATUS_TONE } from '../appointment-status';

/** An appointment's state as a chip in its calendar colour. */
export const AppointmentStatusChip = ({ status }: { status: AppointmentStatus }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_TONE[status]}
      label={t(`agendas.status.${status}`)}
      data-testid="appointment-status"
      data-status={status}
    />
  );
};

/** What each colour of the calendar means. */
export const StatusLegend = () => {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      aria-label={t('agendas.legend')}
      role="group"
    >
      <Typography variant="caption" color="text.secondary">
        {t('agendas.legend')}
      </Typography>
      {APPOINTMENT_STATUSES.map((status) => (
        <AppointmentStatusChip key={status} status={status} />
      ))}
    </Box>
  );
};
