import { type Locale, NUMBER_FORMATS, type NumberFormat } from '@conversa/domain';
import type { Executor } from '../../core/db/database';
import type { ClientRow, PlanRow, UserRow } from '../../core/db/schema';
import { createDefaultPipeline } from '../pipelines/default-pipeline';
import { createUsersRepository } from '../users/users.repository';
import { createClientsRepository } from './clients.repository';

export type NewCompany = {
  name: string;
  email: string;
  phone: string;
  subdomain: string;
  country: string;
  timezone: string;
  language: Locale;
  industry?: string;
  quantityemple?: number;
  numberFormat?: NumberFormat;
  plan: PlanRow;
  /** The plan's end; by default its duration from now. */
  planExpiresAt?: Date | null;
  owner: { name: string; passwordHash: string };
};

/**
 * A company on a plan with its owner and default pipeline: what a sign-up creates and what the master
 * creates in the console. The caller's transaction makes it all or nothing.
 */
export const createCompanyWithOwner = async (
  tx: Executor,
  input: NewCompany,
): Promise<{ client: ClientRow; owner: UserRow }> => {
  const now = new Date();
  const client = await createClientsRepository(tx).insert({
    name: input.name,
    email: input.email,
    phone: input.phone,
    subdomain: input.subdomain,
    country: input.country,
    timezone: input.timezone,
    language: input.language,
    ...(input.industry ? { industry: input.industry } : {}),
    ...(input.quantityemple ? { quantityemple: input.quantityemple } : {}),
    plan_id: input.plan.id,
    access: input.plan.access,
    plan_started_at: now,
    plan_expires_at:
      input.planExpiresAt === undefined || input.planExpiresAt === null
        ? new Date(now.getTime() + input.plan.duration_days * 86_400_000)
        : input.planExpiresAt,
    is_paid: null,
    number_format: input.numberFormat ?? (input.country === 'US' ? NUMBER_FORMATS.US : NUMBER_FORMATS.CL),
  });
  const owner = await createUsersRepository(tx).insert(client.id, {
    name: input.owner.name,
    email: input.email,
    phone: input.phone,
    password_hash: input.owner.passwordHash,
    account: 'client',
    language: input.language,
    answer: true,
  });
  await createDefaultPipeline(tx, client.id, input.language);
  return { client, owner };
};
