import type { Plan } from '@conversa/domain';
import type { PlanRow } from '../../core/db/schema';

export const toPublicPlan = (row: PlanRow): Plan => ({
  id: row.id,
  code: row.code,
  name: row.name,
  price_clp: row.price_clp,
  price_usd: row.price_usd,
  duration_days: row.duration_days,
  devices: row.devices,
  users: row.users,
  messages: row.messages,
  access: row.access,
  is_default: row.is_default,
});
