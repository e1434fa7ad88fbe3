import type { Call } from '@conversa/domain';
import type { CallRow } from '../../core/db/schema/calls';

export const toCall = (row: CallRow): Call => ({
  id: row.id,
  integration_id: row.integration_id,
  external_id: row.external_id,
  contact_id: row.contact_id,
  phone: row.phone,
  direction: row.direction,
  result: row.result,
  duration: row.duration,
  extension: row.extension,
  user_id: row.user_id,
  started_at: row.started_at.toISOString(),
  create_date: row.create_date.toISOString(),
});
