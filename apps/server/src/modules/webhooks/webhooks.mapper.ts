import type { WebhookDelivery } from '@conversa/domain';
import type { WebhookDeliveryRow } from '../../core/db/schema';

export const toWebhookDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  integration_id: row.integration_id,
  event: row.event,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  response_status: row.response_status,
  error: row.error,
  next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  delivered_at: row.delivered_at?.toISOString() ?? null,
  create_date: row.create_date.toISOString(),
});
