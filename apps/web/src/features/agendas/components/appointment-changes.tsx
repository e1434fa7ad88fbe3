import {
  APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
  isCalendarDay,
} from '@conversa/domain';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EventBusy from '../../../shared/icons/EventBusy';
import { notify } from '../../../shared/notify';
import { ConfirmPopover } from '../../../shared/records/components/confirm-popover';
import { clockOf, instantAt, placeOf } from '../agenda-range';
import { useDeleteAppointment, useUpdateAppointment } from '../api/appointments';
import { canChange } from '../appointment-status';

const MARKS: readonly AppointmentStatus[] = APPOINTMENT_STATUSES.filter((status) => status !== 'cancelled');
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

type Asking = { action: 'cancel' | 'delete'; anchor: HTMLElement };

/**
 * What can be done to an appointment of the product's own agenda, with agenda.edit: move it to another
 * day and time (the keyboard's and the phone's way to do what a drag does), mark how it went, or cancel
 * it; with agenda.delete, delete it.
 */
export const AppointmentChanges = ({
  appointment,
  timeZone,
  onDeleted,
}: {
  appointment: Appointment;
  timeZone: string;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const update = useUpdateAppointment();
  const remove = useDeleteAppointment();
  const place = placeOf(appointment.meet_date, timeZone);
  const [day, setDay] = useState(place.day);
  const [time, setTime] = useState(clockOf(place.minutes));
  const [asking, setAsking] = useState<Asking | null>(null);
  const canEdit = canChange(appointment, can);
  const isValid = isCalendarDay(day) && TIME.test(time);
  const isMoved = day !== place.day || time !== clockOf(place.minutes);
  const isPending = update.isPending || remove.isPending;

  const change = (patch: { meet_date?: string; status?: AppointmentStatus }, done: string) =>
    update.mutate({ id: appointment.id, patch }, { onSuccess: () => notify(done, 'success') });

  const move = () => {
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    change({ meet_date: instantAt(day, hours * 60 + minutes, timeZone) }, t('agendas.moved'));
  };

  const confirm = () => {
    const action = asking?.action;
    setAsking(null);
    if (action === 'cancel') return change({ status: 'cancelled' }, t('agendas.cancelled'));
    remove.mutate(appointment.id, {
      onSuccess: () => {
        notify(t('agendas.deleted'), 'success');
        onDeleted();
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="appointment-changes">
      {canEdit && (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('agendas.detail.move')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr auto', alignItems: 'start' }}>
            <TextField
              type="date"
              size="small"
              label={t('agendas.form.date')}
              value={day}
              onChange={(event) => setDay(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'move-date' } }}
            />
            <TextField
              type="time"
              size="small"
              label={t('agendas.form.time')}
              value={time}
              onChange={(event) => setTime(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'move-time' } }}
            />
            <Button
              variant="contained"
              disabled={!isValid || !isMoved || isPending}
              onClick={move}
              data-testid="move-submit"
            >
              {t('agendas.detail.moveSubmit')}
            </Button>
          </Box>
          <TextField
            select
            size="small"
            label={t('agendas.detail.mark')}
            value={MARKS.includes(appointment.status) ? appointment.status : ''}
            disabled={isPending}
            onChange={(event) =>
              change({ status: event.target.value as AppointmentStatus }, t('agendas.marked'))
            }
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'appointment-mark' } as object } }}
          >
            {MARKS.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`agendas.status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {canEdit && appointment.status !== 'cancelled' && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<EventBusy />}
            disabled={isPending}
            onClick={(event) => setAsking({ action: 'cancel', anchor: event.currentTarget })}
            data-testid="appointment-cancel"
          >
            {t('agendas.detail.cancel')}
          </Button>
        )}
        {canChange(appointment, can, 'agenda.delete') && (
          <Button
            color="error"
            startIcon={<DeleteOutline />}
            disabled={isPending}
            onClick={(event) => setAsking({ action: 'delete', anchor: event.currentTarget })}
            data-testid="appointment-delete"
          >
            {t('agendas.detail.delete')}
          </Button>
        )}
      </Box>
      <ConfirmPopover
        anchor={asking?.anchor ?? null}
        question={asking ? t(`agendas.confirm.${asking.action}`) : ''}
        isPending={isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
    </Box>
  );
};
