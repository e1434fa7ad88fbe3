import type { Appointment, AppointmentStatus, PermissionKey } from '@conversa/domain';

/** Each state's colour on the calendar, its chips and its legend. */
export const STATUS_TONE = {
  scheduled: 'info',
  confirmed: 'success',
  cancelled: 'error',
  attended: 'primary',
  no_show: 'warning',
} as const satisfies Record<AppointmentStatus, string>;

/**
 * Only the product's own agenda is written here: an outside system's appointments are read-only
 * (API.md part 3 §2.3 answers 406 to any change of theirs).
 */
export const isOwnAppointment = (appointment: Pick<Appointment, 'type'>): boolean =>
  appointment.type === 'standard';

/** Whether the person may change (move, cancel, mark) or delete an appointment. */
export const canChange = (
  appointment: Pick<Appointment, 'type'>,
  can: (key: PermissionKey) => boolean,
  key: 'agenda.edit' | 'agenda.delete' = 'agenda.edit',
): boolean => isOwnAppointment(appointment) && can(key);
