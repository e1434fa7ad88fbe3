import { type AppointmentStatus, readProviderDay, readProviderTime, zonedInstant } from '@conversa/domain';
import { z } from 'zod';
import type { PulledAppointment } from '../scheduling-adapter';
import { optionalId, optionalText, providerId } from '../scheduling-http';

/** Dentalink and Medilink are one vendor's (Healthatom) one API; Medilink renames a few fields. */
export type HealthatomKind = 'dentalink' | 'medilink';

/** Every list answers `{ data: [...], links: { next } }`, `next` a full URL or null at the end. */
export const pageSchema = z.object({
  data: z.array(z.unknown()),
  links: z.looseObject({ next: z.string().nullish() }).nullish(),
});

/** 0/1 as a number, a string or a boolean, as integrators have seen it. */
const flag = () => z.union([z.number(), z.string(), z.boolean()]).transform((value) => Number(value) === 1);

export const stateSchema = z.looseObject({ id: providerId(), nombre: optionalText(), anulacion: flag() });
export type HealthatomState = z.output<typeof stateSchema>;

export const professionalSchema = z.looseObject({
  id: providerId(),
  nombre: optionalText(),
  apellidos: optionalText(),
});
export const branchSchema = z.looseObject({ id: providerId(), nombre: optionalText() });
export const patientSchema = z.object({
  data: z.looseObject({ celular: optionalText(), telefono: optionalText() }),
});

/** A cita as API.md part 3 §1.2 fixes it, both vendors' field names optional. */
const citaSchema = z.looseObject({
  id: providerId(),
  id_paciente: optionalId(),
  nombre_paciente: optionalText(),
  id_estado: optionalId(),
  fecha: z.string(),
  hora_inicio: z.string(),
  hora_fin: z.string().nullish(),
  duracion: z.union([z.number(), z.string()]).nullish(),
  id_dentista: optionalId(),
  nombre_dentista: optionalText(),
  id_profesional: optionalId(),
  nombre_profesional: optionalText(),
  id_sucursal: optionalId(),
  nombre_sucursal: optionalText(),
  id_tratamiento: optionalId(),
  id_atencion: optionalId(),
  id_sillon: optionalId(),
});
export type HealthatomCita = z.output<typeof citaSchema> & { day: string; time: string };

/** A cita whose date and time can be read; one that cannot is left out rather than failing the whole day. */
export const readCita = (row: unknown): HealthatomCita | undefined => {
  const parsed = citaSchema.safeParse(row);
  if (!parsed.success) return undefined;
  const day = readProviderDay(parsed.data.fecha);
  const time = readProviderTime(parsed.data.hora_inicio);
  return day && time ? { ...parsed.data, day, time } : undefined;
};

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** `duracion`, else the span from `hora_inicio` to `hora_fin`. */
const durationOf = (cita: HealthatomCita): number => {
  const duration = Math.round(Number(cita.duracion));
  if (Number.isFinite(duration) && duration > 0) return duration;
  const end = readProviderTime(cita.hora_fin ?? '');
  return end ? Math.max(0, minutesOf(end) - minutesOf(cita.time)) : 0;
};

/** API.md part 3 §2.1: the configured confirmed state, any cancellation state, else scheduled. */
export const statusOf = (
  stateId: string,
  confirmedStateId: number,
  cancellationStates: ReadonlySet<string>,
): AppointmentStatus => {
  if (stateId === String(confirmedStateId)) return 'confirmed';
  return cancellationStates.has(stateId) ? 'cancelled' : 'scheduled';
};

/** One cita as the agenda keeps it (API.md part 3 §2.1), its date and time read in the company's zone. */
export const appointmentOf = (
  kind: HealthatomKind,
  cita: HealthatomCita,
  extra: { phone: string; status: AppointmentStatus; timeZone: string },
): PulledAppointment => {
  const isDentalink = kind === 'dentalink';
  return {
    externalId: cita.id,
    agendaId: isDentalink ? cita.id_sillon : '',
    accountId: cita.id_paciente,
    treatmentId: isDentalink ? cita.id_tratamiento : cita.id_atencion,
    patientName: cita.nombre_paciente,
    phone: extra.phone,
    meetDate: zonedInstant(cita.day, cita.time, extra.timeZone),
    duration: durationOf(cita),
    specialist: isDentalink ? cita.id_dentista : cita.id_profesional,
    specialistName: isDentalink ? cita.nombre_dentista : cita.nombre_profesional,
    branch: cita.id_sucursal,
    branchName: cita.nombre_sucursal,
    specialty: '',
    status: extra.status,
  };
};
