import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../core/db/database';
import { deals, payments } from '../core/db/schema';
import { DEMO_LOGINS } from '../core/db/seed-logins';
import { createUsersRepository } from '../modules/users/users.repository';

/** The demo's payments on its deals (by name), days before today so this month's totals show some. */
const DEMO_PAYMENTS = [
  { deal: 'Ortodoncia', daysAgo: 40, method: 'cash', amount: 300_000, note: 'Primera cuota' },
  { deal: 'Ortodoncia', daysAgo: 3, method: 'transfer', amount: 200_000, note: 'Segunda cuota' },
  { deal: 'Limpieza y control', daysAgo: 10, method: 'card', amount: 45_000, note: '' },
  { deal: 'Implante', daysAgo: 1, method: 'transfer', amount: 100_000, note: 'Abono inicial' },
] as const;

const dayBefore = (today: Date, days: number) =>
  new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Gives the demo company (SEED_DEMO) a few payments on the deals the demo deals seed made; without those
 * deals it records none.
 */
export const seedDemoPayments = async (db: Database, today = new Date()): Promise<void> => {
  const owner = await createUsersRepository(db).findByEmailAcrossTenants(DEMO_LOGINS.owner.email);
  if (!owner) return;
  const clientId = owner.client_id;
  const found = await db
    .select({ id: deals.id, name: deals.name, currency: deals.currency })
    .from(deals)
    .where(
      and(
        eq(deals.client_id, clientId),
        inArray(
          deals.name,
          DEMO_PAYMENTS.map((payment) => payment.deal),
        ),
      ),
    );
  const dealOf = new Map(found.map((deal) => [deal.name, deal]));
  const rows = DEMO_PAYMENTS.flatMap((payment) => {
    const deal = dealOf.get(payment.deal);
    return deal
      ? [
          {
            client_id: clientId,
            deal_id: deal.id,
            payment_date: dayBefore(today, payment.daysAgo),
            payment_method: payment.method,
            amount: payment.amount,
            currency: deal.currency,
            note: payment.note,
            user_id: owner.id,
          },
        ]
      : [];
  });
  if (rows.length > 0) await db.insert(payments).values(rows);
};
