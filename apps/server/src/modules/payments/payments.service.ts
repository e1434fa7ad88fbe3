import type { PaymentTotals, SearchBody } from '@conversa/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database';
import { payments } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import type { AuthContext } from '../../core/http/fastify-types';
import { createRecordService } from '../../core/records/record-service';
import { paymentRecords } from './payments.records';

export const createPaymentsService = ({ db, events }: { db: Database; events: EventBus }) => {
  const records = createRecordService(paymentRecords, { db, events });

  return {
    records,

    /** How many payments the filters find and what they add up to in each currency, summed by SQL. */
    async totals(auth: AuthContext, body: Pick<SearchBody, 'filters' | 'logical'>): Promise<PaymentTotals> {
      const { where } = records.query({ page: 1, offset: 1, ...body });
      const rows = await db
        .select({
          currency: payments.currency,
          count: count(),
          amount: sql<string>`sum(${payments.amount})`,
        })
        .from(payments)
        .where(and(eq(payments.client_id, auth.clientId), where))
        .groupBy(payments.currency)
        .orderBy(payments.currency);
      return {
        count: rows.reduce((sum, row) => sum + row.count, 0),
        totals: rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
      };
    },
  };
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;
