import { type AppointmentStatus, readProviderDay, readProviderTime, zonedInstant } from '@conversa/domain';
import { z } from 'zod';
import type { PulledAppointment } from '../scheduling-adapter';
import { optionalId, optionalText, providerId } from '../scheduling-http';

/** `GET /agenda/bloque/largo`: appointments last a number of the clinic's blocks. */
export const blockSchema = z.looseObject({ largo: z.coerce.number().positive() });

/**
 * `GET /profesional/listado`. The vendor does not document the row; this reads it the way its agenda
 * rows name a person (`nombre`, `apellido_paterno`, `apellido_materno`).
 */
export const professionalSchema = z.looseObject({
  id: providerId(),
  nombre: optionalText(),
  apellido_paterno: optionalText(),
  apellido_materno: optionalText(),
});

/** One row of `GET /agenda/dia_sucursal/{day}/{branch}`, as API.md part 3 §1.2 fixes it. */
const rowSchema = z.looseObject({
  id: providerId(),
  fecha: z.string(),
  inicio: z.string(),
  bloques: z.coerce.number().nonnegative(),
  estado_texto: optionalText(),
  id_paciente: optionalId(),
  id_profesional: optionalId(),
  nombre_profesional: optionalText(),
  id_sucursal: optionalId(),
  nombre_sucursal: optionalText(),
  id_sala: optionalId(),
  sala: z.looseObject({ id: optionalId() }).nullish(),
  paciente: z
    .looseObject({
      nombre: optionalText(),
      apellido_paterno: optionalText(),
      apellido_materno: optionalText(),
      celular: optionalText(),
    })
    .nullish(),
});

/** A person's name from its parts, the empty ones left out. */
export const fullName = (...parts: string[]): string => parts.filter(Boolean).join(' ');

/** API.md part 3 §2.1: "Confirmada" → confirmed; "Anulada" or "Cancelada" → cancelled; else scheduled. */
export const statusOf = (estadoTexto: string): AppointmentStatus => {
  const text = estadoTexto.trim().toLowerCase();
  if (text === 'confirmada') return 'confirmed';
  return text === 'anulada' || text === 'cancelada' ? 'cancelled' : 'scheduled';
};

/**
 * One row as the agenda keeps it, its date and time read in the company's zone; a row whose date or time
 * cannot be read is left out rather than failing the whole day.
 */
export const appointmentOf = (
  row: unknown,
  extra: { blockMinutes: number; timeZone: string },
): PulledAppointment | undefined => {
  const parsed = rowSchema.safeParse(row);
  if (!parsed.success) return undefined;
  const cita = parsed.data;
  const day = readProviderDay(cita.fecha);
  const time = readProviderTime(cita.inicio);
  if (!day || !time) return undefined;
  const patient = cita.paciente;
  return {
    externalId: cita.id,
    agendaId: cita.id_sala || (cita.sala?.id ?? ''),
    accountId: cita.id_paciente,
    treatmentId: '',
    patientName: patient ? fullName(patient.nombre, patient.apellido_paterno, patient.apellido_materno) : '',
    phone: patient?.celular ?? '',
    meetDate: zonedInstant(day, time, extra.timeZone),
    duration: Math.round(cita.bloques * extra.blockMinutes),
    specialist: cita.id_profesional,
    specialistName: cita.nombre_profesional,
    branch: cita.id_sucursal,
    branchName: cita.nombre_sucursal,
    specialty: '',
    status: statusOf(cita.estado_texto),
  };
};
