import type { Appointment } from '@conversa/domain';
import { Box, ButtonBase, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgendaFormat } from '../agenda-format';
import { STATUS_TONE } from '../appointment-status';

/** What a dragged appointment carries: its id, under a type no other drag of the page uses. */
export const APPOINTMENT_DRAG_TYPE = 'application/x-conversa-appointment';

export const isAppointmentDrag = (event: DragEvent): boolean =>
  [...event.dataTransfer.types].includes(APPOINTMENT_DRAG_TYPE);

type BlockProps = {
  appointment: Appointment;
  /** Its times on the company's clock, as the person reads them. */
  format: AgendaFormat;
  isMovable: boolean;
  isCompact?: boolean;
  /** Whether the professional gets a line of its own under the patient (not on a short block). */
  hasProfessional?: boolean;
  onOpen: (appointment: Appointment) => void;
  sx?: SxProps<Theme>;
};

/**
 * An appointment on the calendar, coloured by its state and named for screen readers with its time,
 * patient, professional and state; a click opens it, and one of the product's own agenda can be dragged
 * to another slot.
 */
export const AppointmentBlock = ({
  appointment,
  format,
  isMovable,
  isCompact = false,
  hasProfessional = true,
  onOpen,
  sx,
}: BlockProps) => {
  const { t } = useTranslation();
  const tone = STATUS_TONE[appointment.status];
  const status = t(`agendas.status.${appointment.status}`);
  const patient = appointment.patient_name || appointment.phone;
  const time = format.span(appointment);
  const label = t('agendas.block', { time, patient, professional: appointment.specialist_name, status });
  return (
    <ButtonBase
      draggable={isMovable}
      onDragStart={(event) => {
        event.dataTransfer.setData(APPOINTMENT_DRAG_TYPE, appointment.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onClick={() => onOpen(appointment)}
      aria-label={label}
      title={label}
      data-testid="appointment"
      data-id={appointment.id}
      data-status={appointment.status}
      sx={[
        {
          display: 'grid',
          alignContent: 'start',
          justifyContent: 'stretch',
          justifyItems: 'start',
          textAlign: 'start',
          overflow: 'hidden',
          borderRadius: 1,
          px: 0.75,
          py: isCompact ? 0.25 : 0.5,
          bgcolor: `${tone}.main`,
          color: `${tone}.contrastText`,
          cursor: isMovable ? 'grab' : 'pointer',
          boxShadow: 1,
          ...(appointment.status === 'cancelled' ? { opacity: 0.65, textDecoration: 'line-through' } : {}),
          '&:focus-visible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: 1 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {isCompact ? (
        // The time, then the patient cut at the end of their own name, in either direction of the page.
        <Box sx={{ display: 'flex', gap: 0.5, maxWidth: '100%', minWidth: 0 }}>
          <Typography variant="caption" sx={{ fontWeight: 700, lineHeight: 1.3, flexShrink: 0 }}>
            {format.start(appointment.meet_date)}
          </Typography>
          <Typography
            variant="caption"
            dir="auto"
            sx={{ fontWeight: 700, lineHeight: 1.3, minWidth: 0 }}
            noWrap
          >
            {patient}
          </Typography>
        </Box>
      ) : (
        <>
          <Typography variant="caption" sx={{ fontWeight: 700, lineHeight: 1.3, maxWidth: '100%' }} noWrap>
            {time}
          </Typography>
          <Typography variant="caption" dir="auto" sx={{ lineHeight: 1.3, maxWidth: '100%' }} noWrap>
            {patient}
          </Typography>
          {hasProfessional && (
            <Typography
              variant="caption"
              dir="auto"
              sx={{ lineHeight: 1.3, opacity: 0.85, maxWidth: '100%' }}
              noWrap
            >
              {appointment.specialist_name}
            </Typography>
          )}
        </>
      )}
    </ButtonBase>
  );
};
