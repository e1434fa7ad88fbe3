import type { Appointment } from '@conversa/domain';
import type { AgendaAppointmentRow } from '../../core/db/schema';

/** An appointment as the API answers it (API.md part 3 §2.1). */
export const toAppointment = (row: AgendaAppointmentRow): Appointment => ({
  id: row.id,
  integration_id: row.integration_id,
  type: row.type,
  externalId: row.external_id,
  agendaId: row.agenda_id,
  accountId: row.account_id,
  treatmentId: row.treatment_id,
  contact_id: row.contact_id,
  patient_name: row.patient_name,
  phone: row.phone,
  meet_date: row.meet_date.toISOString(),
  duration: row.duration,
  specialist: row.specialist,
  specialist_name: row.specialist_name,
  branch: row.branch,
  branch_name: row.branch_name,
  specialty: row.specialty,
  status: row.status,
  create_date: row.create_date.toISOString(),
  update_date: row.update_date.toISOString(),
});
