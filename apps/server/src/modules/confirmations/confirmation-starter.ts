import { addDays, zonedInstant } from '@conversa/domain';
import { companyText, companyTimeZone } from '../../core/company-clock';
import type { Database } from '../../core/db/database';
import type { ConfirmationRunRow } from '../../core/db/schema';
import { defineJob, type JobQueue, RetryLater } from '../../core/jobs/job-queue';
import { SchedulingCallError } from '../../integrations/scheduling-adapter';
import type { AgendaPull } from '../agenda/agenda-pull';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import { createConfirmationsRepository } from './confirmations.repository';

type RunJob = { clientId: string; runId: string };

/** The pull of a run's day: retried with backoff (2, 4, 8, 16 s…: four more tries within the first minute). */
export const confirmationPrepareJob = defineJob<RunJob>('confirmation.prepare', { maxAttempts: 6 });
/** The sends of a run: one job per run, re-scheduling itself after each batch or the device's pacing. */
export const confirmationSendJob = defineJob<RunJob>('confirmation.send', { maxAttempts: 8 });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

type Deps = { db: Database; queue: JobQueue; announcer: ConfirmationAnnouncer; pull: AgendaPull };

/**
 * Starting a run (API.md part 3 §3.2): the status moves to running in one conditional statement (of two
 * concurrent starts exactly one moves it) with the preparation job in the same transaction; the
 * preparation pulls the day from the provider, makes one row per appointment still scheduled, and hands
 * over to the send job.
 */
export const createConfirmationStarter = ({ db, queue, announcer, pull }: Deps) => {
  /** Records the run's error (kept while retrying) or its failure, and tells the company. */
  const noteError = async (run: ConfirmationRunRow, error: string, fails: boolean) => {
    const notification = await db.transaction(async (tx) => {
      const changed = await createConfirmationsRepository(tx).updateRun(
        run.client_id,
        run.id,
        fails ? { error, status: 'failed', completed_at: new Date() } : { error },
        ['running'],
      );
      return changed ? announcer.changed(tx, run.client_id, changed) : undefined;
    });
    if (notification) announcer.publish(run.client_id, [notification]);
  };

  const prepare = async ({ clientId, runId }: RunJob): Promise<void> => {
    const run = await createConfirmationsRepository(db).findRun(clientId, runId);
    if (run?.status !== 'running') return;
    const integration = await createIntegrationsRepository(db).findById(clientId, run.integration_id);
    if (!integration)
      return noteError(run, await companyText(db, clientId, 'confirmation.integrationGone'), true);
    try {
      await pull.pull(integration, { from: run.date, to: run.date });
    } catch (error) {
      if (!(error instanceof SchedulingCallError)) throw error;
      if (!error.isRetryable) return noteError(run, error.message, true);
      await noteError(run, error.message, false);
      throw new RetryLater(error.message, error.retryAfterMs);
    }
    const timeZone = await companyTimeZone(db, clientId);
    const notification = await db.transaction(async (tx) => {
      const txRepo = createConfirmationsRepository(tx);
      await txRepo.insertRows(
        run,
        zonedInstant(run.date, '00:00', timeZone),
        zonedInstant(addDays(run.date, 1), '00:00', timeZone),
      );
      const cleared = await txRepo.updateRun(clientId, runId, { error: '' }, ['running']);
      if (!cleared) return undefined;
      await queue.enqueue(
        tx,
        confirmationSendJob.job({ clientId, runId }, { key: `${confirmationSendJob.name}:${runId}` }),
      );
      return announcer.changed(tx, clientId, cleared);
    });
    if (notification) {
      announcer.publish(clientId, [notification]);
      queue.kick();
    }
  };

  return {
    /** Moves a draft or scheduled run to running; answers it, or undefined when another start won. */
    async start(run: ConfirmationRunRow): Promise<ConfirmationRunRow | undefined> {
      const outcome = await db.transaction(async (tx) => {
        const started = await createConfirmationsRepository(tx).updateRun(
          run.client_id,
          run.id,
          { status: 'running', started_at: new Date(), error: '' },
          ['draft', 'scheduled'],
        );
        if (!started) return undefined;
        await queue.enqueue(
          tx,
          confirmationPrepareJob.job(
            { clientId: run.client_id, runId: run.id },
            { key: `${confirmationPrepareJob.name}:${run.id}` },
          ),
        );
        return { started, notification: await announcer.changed(tx, run.client_id, started) };
      });
      if (!outcome) return undefined;
      announcer.publish(run.client_id, [outcome.notification]);
      queue.kick();
      return outcome.started;
    },

    define() {
      queue.define(confirmationPrepareJob, {
        run: prepare,
        retryOn: 'RetryLater',
        async onExhausted({ clientId, runId }, error) {
          const run = await createConfirmationsRepository(db).findRun(clientId, runId);
          if (run) await noteError(run, errorText(error), true);
        },
      });
    },
  };
};

export type ConfirmationStarter = ReturnType<typeof createConfirmationStarter>;
