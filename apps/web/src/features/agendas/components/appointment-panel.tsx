import type { Appointment } from '@conversa/domain';
import { Alert, Box, Divider, Drawer, IconButton, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../shared/account/use-account';
import Close from '../../../shared/icons/Close';
import type { AgendaFormat } from '../agenda-format';
import { placeOf } from '../agenda-range';
import { canChange, isOwnAppointment } from '../appointment-status';
import { AppointmentChanges } from './appointment-changes';
import { AppointmentHistory } from './appointment-history';
import { AppointmentStatusChip } from './status-legend';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 1, alignItems: 'baseline' }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

type PanelProps = {
  appointment: Appointment | null;
  timeZone: string;
  format: AgendaFormat;
  onClose: () => void;
};

/**
 * An appointment's detail beside the calendar: the patient, their phone and contact, the professional,
 * branch and state, what the person may change (the product's own agenda only) and the confirmation
 * requests it received.
 */
export const AppointmentPanel = ({ appointment, timeZone, format, onClose }: PanelProps) => {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Drawer
      anchor="right"
      open={appointment !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 }, p: 2, gap: 2 } } }}
    >
      {appointment && (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="appointment-panel">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }} data-testid="appointment-patient">
              {appointment.patient_name || appointment.phone}
            </Typography>
            <IconButton aria-label={t('common.close')} onClick={onClose}>
              <Close />
            </IconButton>
          </Box>
          <Box>
            <AppointmentStatusChip status={appointment.status} />
          </Box>
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Fact label={t('agendas.detail.when')}>
              <Box sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
                {format.longDay(placeOf(appointment.meet_date, timeZone).day)}
              </Box>
              {format.span(appointment)}
            </Fact>
            <Fact label={t('agendas.detail.phone')}>
              <span dir="ltr">{appointment.phone ? `+${appointment.phone.replace(/^\+/, '')}` : '-'}</span>
            </Fact>
            <Fact label={t('agendas.detail.contact')}>
              {appointment.contact_id && can('contact.view') ? (
                <Link
                  component={RouterLink}
                  to={`/app/contacts/detail/${appointment.contact_id}`}
                  data-testid="appointment-contact"
                >
                  {t('agendas.detail.openContact')}
                </Link>
              ) : (
                t(appointment.contact_id ? 'agendas.detail.linked' : 'agendas.detail.noContact')
              )}
            </Fact>
            <Fact label={t('agendas.detail.professional')}>{appointment.specialist_name || '-'}</Fact>
            <Fact label={t('agendas.detail.branch')}>{appointment.branch_name || '-'}</Fact>
            <Fact label={t('agendas.detail.specialty')}>{appointment.specialty || '-'}</Fact>
            <Fact label={t('agendas.detail.source')}>
              {t(`settings.scheduling.types.${appointment.type}`)}
            </Fact>
          </Box>
          {isOwnAppointment(appointment) ? (
            (canChange(appointment, can) || canChange(appointment, can, 'agenda.delete')) && (
              <>
                <Divider />
                <AppointmentChanges
                  key={appointment.id}
                  appointment={appointment}
                  timeZone={timeZone}
                  onDeleted={onClose}
                />
              </>
            )
          ) : (
            <Alert severity="info" data-testid="appointment-read-only">
              {t('agendas.detail.readOnly', { system: t(`settings.scheduling.types.${appointment.type}`) })}
            </Alert>
          )}
          {can('confirmation.view') && (
            <>
              <Divider />
              <AppointmentHistory
                appointment={appointment}
                day={placeOf(appointment.meet_date, timeZone).day}
              />
            </>
          )}
        </Box>
      )}
    </Drawer>
  );
};
