import type { Plan } from '@conversa/domain';
import type { PlanRow } from '../../core/db/schema';

export const toPublicPlan = (row: PlanRow): Plan => ({
  id: row.id,
  code: row.code,
  name: row.name,
  price_clp: row.price_clp,
  price_usd: row.price_usd,
  duration_days: row.duration_days,
  quantities: {
    device: row.devices,
    user: row.users,
    message: row.messages,
    chatgpt: row.chatgpt,
    dialogflow: row.dialogflow,
    yeastar: row.yeastar,
  },
  extra_prices: row.extra_prices,
  access: row.access,
  is_public: row.is_public,
  is_default: row.is_default,
});
