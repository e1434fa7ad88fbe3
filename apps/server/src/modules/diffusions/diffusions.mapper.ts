import type { Diffusion, DiffusionRecipient, DiffusionTotals } from '@conversa/domain';
import type { DiffusionRecipientRow, DiffusionRow } from '../../core/db/schema';

export const toDiffusion = (row: DiffusionRow, totals: DiffusionTotals): Diffusion => ({
  id: row.id,
  client_id: row.client_id,
  name: row.name,
  device_id: row.device_id,
  audience: row.audience,
  message: row.message,
  scheduled_at: row.scheduled_at?.toISOString() ?? null,
  send_window: row.send_window,
  pacing: row.pacing,
  max_monthly_responses: row.max_monthly_responses,
  count_current_responses: row.count_current_responses,
  status: row.status,
  pause_reason: row.pause_reason,
  totals,
  user_id: row.user_id ?? '',
  started_at: row.started_at?.toISOString() ?? null,
  completed_at: row.completed_at?.toISOString() ?? null,
  create_date: row.create_date.toISOString(),
});

export const toRecipient = (row: DiffusionRecipientRow): DiffusionRecipient => ({
  id: String(row.id),
  contact_id: row.contact_id ?? '',
  phone: row.phone,
  name: row.name,
  state: row.state,
  reason: row.reason,
  detail: row.detail,
  message_id: row.message_id ?? '',
  provider_id: row.provider_id,
  sent_at: row.sent_at?.toISOString() ?? null,
  replied: row.replied,
});
