import {
  addDays,
  autoConfirmationSchema,
  localDayAndTime,
  SCHEDULING_INTEGRATION_TYPES,
  zonedInstant,
} from '@conversa/domain';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { companyClock } from '../../core/company-clock';
import type { Database } from '../../core/db/database';
import { type ConfirmationRunRow, confirmationRuns, integrations } from '../../core/db/schema';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import type { ConfirmationStarter } from './confirmation-starter';

/** The clock looks this often: a scheduled run starts, and a deadline closes its run, within a minute. */
export const CONFIRMATION_CLOCK_MS = 20_000;
/** A daily run is made during this long after its hour (a process down longer skips that day). */
const DAILY_WINDOW_MINUTES = 15;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type Deps = { db: Database; queue: JobQueue; announcer: ConfirmationAnnouncer; starter: ConfirmationStarter };

/**
 * What happens at a time (API.md part 3 §3.1, §3.2): a scheduled run starts at its send_at; at the reply
 * deadline the silent rows become no_reply, the unsent ones failed, and the run completed; each day at an
 * integration's hour its daily run is made and started.
 */
export const createConfirmationClock = ({ db, queue, announcer, starter }: Deps) => {
  const startDue = async () => {
    const due = await db
      .select()
      .from(confirmationRuns)
      .where(and(eq(confirmationRuns.status, 'scheduled'), lte(confirmationRuns.send_at, new Date())));
    for (const run of due) await starter.start(run);
  };

  const closeExpired = async () => {
    const expired = await db
      .select()
      .from(confirmationRuns)
      .where(and(eq(confirmationRuns.status, 'running'), lte(confirmationRuns.reply_deadline, new Date())));
    for (const run of expired) {
      const notification = await db.transaction(async (tx) => {
        await tx.execute(sql`update confirmation_rows set state = 'no_reply'
          where client_id = ${run.client_id} and run_id = ${run.id} and state = 'sent'`);
        await tx.execute(sql`update confirmation_rows set state = 'failed', error = 'not sent before the deadline'
          where client_id = ${run.client_id} and run_id = ${run.id} and state = 'pending'`);
        const closed = rowsOf<{ id: string }>(
          await tx.execute(sql`update confirmation_runs set status = 'completed', completed_at = now()
            where id = ${run.id} and status = 'running' returning id`),
        );
        return closed.length > 0
          ? announcer.changed(tx, run.client_id, { ...run, status: 'completed', completed_at: new Date() })
          : undefined;
      });
      if (notification) announcer.publish(run.client_id, [notification]);
    }
  };

  /** Each integration with a daily run enabled: at its hour, the run for today + days_before. */
  const makeDaily = async () => {
    const candidates = await db
      .select()
      .from(integrations)
      .where(
        and(
          inArray(integrations.type, [...SCHEDULING_INTEGRATION_TYPES]),
          eq(integrations.status, 'connected'),
          sql`${integrations.config} -> 'auto_confirmation' ->> 'enabled' = 'true'`,
        ),
      );
    for (const integration of candidates) {
      const parsed = autoConfirmationSchema.safeParse(integration.config.auto_confirmation);
      if (!parsed.success || !parsed.data.device_id) continue;
      const auto = parsed.data;
      const { timeZone } = await companyClock(db, integration.client_id);
      const now = new Date();
      const { day: today } = localDayAndTime(now, timeZone);
      const minutesLate = (now.getTime() - zonedInstant(today, auto.time, timeZone).getTime()) / 60_000;
      if (minutesLate < 0 || minutesLate > DAILY_WINDOW_MINUTES) continue;
      const date = addDays(today, auto.days_before);
      // Any run of that day, a cancelled one included, means the day was handled: never made twice.
      const existing = await db
        .select({ id: confirmationRuns.id })
        .from(confirmationRuns)
        .where(and(eq(confirmationRuns.integration_id, integration.id), eq(confirmationRuns.date, date)));
      if (existing.length > 0) continue;
      const deadline = zonedInstant(addDays(date, -1), auto.reply_until, timeZone);
      const created = rowsOf<ConfirmationRunRow>(
        await db.execute(sql`insert into confirmation_runs (client_id, integration_id, device_id, date, template_id,
            parameters, message, reply_deadline, status)
          select ${integration.client_id}, ${integration.id}, d.id, ${date}, ${auto.template_id || null}::uuid,
            ${JSON.stringify(auto.parameters)}::jsonb, ${auto.message}, ${deadline.toISOString()}::timestamptz, 'draft'
          from devices d where d.client_id = ${integration.client_id} and d.id::text = ${auto.device_id}
          on conflict do nothing returning id`),
      );
      const run =
        created[0] &&
        (await db.select().from(confirmationRuns).where(eq(confirmationRuns.id, created[0].id)))[0];
      if (run) await starter.start(run);
    }
  };

  return {
    define() {
      queue.every('confirmation.clock', CONFIRMATION_CLOCK_MS, {
        run: async () => {
          await startDue();
          await closeExpired();
          await makeDaily();
        },
      });
    },
  };
};
