import type { Plan, planCreateSchema } from '@conversa/domain';
import type { z } from 'zod';
import type { PlanRow } from '../../core/db/schema';
import type { PlanPatch } from './plans.repository';

type PlanInput = Partial<z.output<typeof planCreateSchema>>;

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
    storage: row.storage,
  },
  extra_prices: row.extra_prices,
  access: row.access,
  is_public: row.is_public,
  is_default: row.is_default,
});

/** The columns of what a create or an update gives (the quantities are stored one column each). */
export const toPlanColumns = ({ quantities, ...rest }: PlanInput): PlanPatch => ({
  ...rest,
  ...(quantities
    ? {
        devices: quantities.device,
        users: quantities.user,
        messages: quantities.message,
        chatgpt: quantities.chatgpt,
        dialogflow: quantities.dialogflow,
        yeastar: quantities.yeastar,
        // Absent, the plan keeps its storage: an older console form does not send it.
        ...(quantities.storage === undefined ? {} : { storage: quantities.storage }),
      }
    : {}),
});
