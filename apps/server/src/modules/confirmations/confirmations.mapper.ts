import type { ConfirmationRow, ConfirmationRun, ConfirmationTotals } from '@conversa/domain';
import type { ConfirmationRowRow, ConfirmationRunRow } from '../../core/db/schema';

export const NO_TOTALS: ConfirmationTotals = {
  appointments: 0,
  sent: 0,
  confirmed: 0,
  cancelled: 0,
  no_reply: 0,
  failed: 0,
};

/** A run as the API answers it (API.md part 3 §3.1), its totals counted from its rows. */
export const toRun = (row: ConfirmationRunRow, totals: ConfirmationTotals = NO_TOTALS): ConfirmationRun => ({
  id: row.id,
  integration_id: row.integration_id,
  device_id: row.device_id,
  date: row.date,
  template_id: row.template_id,
  parameters: row.parameters,
  message: row.message,
  send_at: row.send_at?.toISOString() ?? null,
  reply_deadline: row.reply_deadline.toISOString(),
  status: row.status,
  error: row.error,
  totals,
  started_at: row.started_at?.toISOString() ?? null,
  completed_at: row.completed_at?.toISOString() ?? null,
  create_date: row.create_date.toISOString(),
});

/** A row of the run's table. */
export const toRow = (row: ConfirmationRowRow): ConfirmationRow => ({
  id: row.id,
  agenda_id: row.agenda_id,
  contact_id: row.contact_id,
  phone: row.phone,
  patient_name: row.patient_name,
  meet_date: row.meet_date.toISOString(),
  specialist: row.specialist,
  specialist_name: row.specialist_name,
  branch: row.branch,
  branch_name: row.branch_name,
  state: row.state,
  answer: row.answer,
  message_id: row.message_id,
  sent_at: row.sent_at?.toISOString() ?? null,
  answered_at: row.answered_at?.toISOString() ?? null,
  writeback: row.writeback,
  error: row.error,
});
