import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../core/db/database';
import { contacts, dealCounters, dealStageChanges, deals } from '../core/db/schema';
import { DEMO_LOGINS } from '../core/db/seed-logins';
import { createPipelinesRepository } from '../modules/pipelines/pipelines.repository';
import { createUsersRepository } from '../modules/users/users.repository';

/** The demo's deals: on demo contacts (by phone), across the default pipeline's stages, one won. */
const DEMO_DEALS = [
  { name: 'Plan dental familiar', phone: '56911112222', stage: 0, amount: 350_000, outcome: 'open' },
  { name: 'Ortodoncia', phone: '56922223333', stage: 1, amount: 1_200_000, outcome: 'open' },
  { name: 'Limpieza y control', phone: '56933334444', stage: 2, amount: 45_000, outcome: 'win' },
  { name: 'Implante', phone: '56944445555', stage: 3, amount: 900_000, outcome: 'open' },
  { name: 'Blanqueamiento', phone: '56955556666', stage: 1, amount: 180_000, outcome: 'open' },
] as const;

/**
 * Gives the demo company (SEED_DEMO) a few deals on its default pipeline, with their stage history, after
 * the demo conversations made its contacts. Numbers come from the company's counter, as a create's do.
 */
export const seedDemoDeals = async (db: Database): Promise<void> => {
  const owner = await createUsersRepository(db).findByEmailAcrossTenants(DEMO_LOGINS.owner.email);
  if (!owner) return;
  const clientId = owner.client_id;
  const pipelines = createPipelinesRepository(db);
  const pipeline = await pipelines.first(clientId);
  if (!pipeline) return;
  const stages = await pipelines.stagesOf(clientId, pipeline.id);
  const people = await db
    .select({ id: contacts.id, phone: contacts.phone })
    .from(contacts)
    .where(
      and(
        eq(contacts.client_id, clientId),
        inArray(
          contacts.phone,
          DEMO_DEALS.map((deal) => deal.phone),
        ),
      ),
    );
  const contactOf = new Map(people.map((person) => [person.phone, person.id]));
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(deals)
      .values(
        DEMO_DEALS.map((deal, index) => ({
          client_id: clientId,
          numdeal: index + 1,
          name: deal.name,
          contact_id: contactOf.get(deal.phone) ?? null,
          pipeline_id: pipeline.id,
          pipeline_stage_id: stages[Math.min(deal.stage, stages.length - 1)]?.id ?? '',
          position: index + 1,
          stage: deal.outcome,
          amount: deal.amount,
          currency: 'CLP',
          owner: [owner.id],
        })),
      )
      .returning();
    await tx.insert(dealCounters).values({ client_id: clientId, last_numdeal: created.length });
    await tx.insert(dealStageChanges).values(
      created.map((deal) => ({
        client_id: clientId,
        deal_id: deal.id,
        to_pipeline_stage_id: deal.pipeline_stage_id,
        to_stage: deal.stage,
        user_id: owner.id,
      })),
    );
  });
};
