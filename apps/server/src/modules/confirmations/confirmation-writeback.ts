import {
  DEFAULT_LOCALE,
  isSchedulingIntegrationType,
  type SchedulingIntegrationType,
} from '@conversa/domain';
import { companyClock } from '../../core/company-clock';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { ConfirmationRowRow, IntegrationRow } from '../../core/db/schema';
import { batched, defineJob, type JobQueue, perCompany, RetryLater } from '../../core/jobs/job-queue';
import { sideBySide } from '../../core/side-by-side';
import { SchedulingCallError, type SchedulingRegistry } from '../../integrations/scheduling-adapter';
import { type BoundScheduling, bindScheduling } from '../../integrations/scheduling-binding';
import { createAgendaRepository } from '../agenda/agenda.repository';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import { acknowledgement } from './confirmation-replies';
import { createConfirmationsRepository, type RowWriteback } from './confirmations.repository';

/**
 * An answer written back to the clinic's system: retried with backoff (capped at 5 minutes) for more than
 * 10 minutes (2 + 4 + … + 256 s, then 300 s) before it counts as failed.
 */
export const confirmationWritebackJob = defineJob<{ clientId: string; rowId: string }>(
  'confirmation.writeback',
  {
    maxAttempts: 12,
  },
);

/** A burst of answers is written back in batches of this many, one statement recording them all. */
const WRITEBACKS_PER_BATCH = 50;
/** How many calls go to one clinic's system at once: side by side, without flooding it. */
const CALLS_AT_ONCE = 8;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** How one row's write-back went: recorded on the row (`pending` while retrying), and its job's failure. */
type Outcome = { recorded?: RowWriteback; failure?: unknown };

type Deps = {
  db: Database;
  box: SecretBox;
  queue: JobQueue;
  adapters: SchedulingRegistry;
  announcer: ConfirmationAnnouncer;
};

/**
 * The write-back (API.md part 3 §3.3): the only writes to a scheduling system. One job per answered row
 * (its key), a row's `writeback` moving pending → done, none (nothing to write) or failed, then the
 * patient's acknowledgement. A burst is
 * taken in batches: the rows and what they need read at once, the calls side by side, the outcomes
 * recorded in one transaction that counts each run's totals once.
 */
export const createConfirmationWriteback = ({ db, box, queue, adapters, announcer }: Deps) => {
  /**
   * The outcomes stored; a row whose write-back ended (done, none or failed) has its acknowledgement
   * queued, so the patient hears "confirmed" once the clinic's system holds it; its run is announced.
   */
  const record = async (clientId: string, rows: ConfirmationRowRow[], outcomes: RowWriteback[]) => {
    if (outcomes.length === 0) return;
    const rowOf = new Map(rows.map((row) => [row.id, row]));
    const finished = outcomes.filter((outcome) => outcome.writeback !== 'pending');
    const { locale } = finished.length > 0 ? await companyClock(db, clientId) : { locale: DEFAULT_LOCALE };
    const notification = await db.transaction(async (tx) => {
      const repo = createConfirmationsRepository(tx);
      await repo.recordWritebacks(clientId, outcomes);
      const errorOfRun = new Map(
        finished.flatMap((outcome) =>
          outcome.error ? [[rowOf.get(outcome.id)?.run_id ?? '', outcome.error]] : [],
        ),
      );
      for (const [runId, error] of errorOfRun) await repo.updateRun(clientId, runId, { error });
      const runs = await repo.findRuns(clientId, [
        ...new Set(finished.flatMap((outcome) => rowOf.get(outcome.id)?.run_id ?? [])),
      ]);
      await queue.enqueueMany(
        tx,
        finished.flatMap((outcome) => {
          const row = rowOf.get(outcome.id);
          const run = runs.find((each) => each.id === row?.run_id);
          return row && run ? acknowledgement(row, run.device_id, locale) : [];
        }),
      );
      return runs.length > 0 ? announcer.changed(tx, clientId, runs) : undefined;
    });
    if (notification) announcer.publish(clientId, [notification]);
    if (finished.length > 0) queue.kick();
  };

  /** Each integration's adapter bound to its settings once per batch. */
  const binder = () => {
    const bound = new Map<string, BoundScheduling>();
    return (integration: IntegrationRow, type: Exclude<SchedulingIntegrationType, 'standard'>) => {
      const adapter =
        bound.get(integration.id) ??
        bindScheduling(adapters, type, openIntegrationConfig(box, type, integration.config));
      bound.set(integration.id, adapter);
      return adapter;
    };
  };

  /** Each job's failure, in the jobs' order (none for a row with nothing left to write). */
  const writeBackMany = async (
    clientId: string,
    payloads: { clientId: string; rowId: string }[],
  ): Promise<unknown[]> => {
    const repo = createConfirmationsRepository(db);
    const rowIds = payloads.map((payload) => payload.rowId);
    const rows = (await repo.findRows(clientId, rowIds)).filter(
      (row) => row.writeback === 'pending' && (row.answer === 'confirm' || row.answer === 'cancel'),
    );
    const [runs, appointments] = await Promise.all([
      repo.findRuns(clientId, [...new Set(rows.map((row) => row.run_id))]),
      createAgendaRepository(db).findByIds(clientId, [...new Set(rows.map((row) => row.agenda_id))]),
    ]);
    const integrations = await Promise.all(
      [...new Set(runs.map((run) => run.integration_id))].map((id) =>
        createIntegrationsRepository(db).findById(clientId, id),
      ),
    );
    const bind = binder();
    const outcomes = await sideBySide(rows, CALLS_AT_ONCE, async (row): Promise<Outcome> => {
      const run = runs.find((each) => each.id === row.run_id);
      const integration = integrations.find((each) => each && each.id === run?.integration_id);
      const appointment = appointments.find((each) => each.id === row.agenda_id);
      const ended = (writeback: 'done' | 'none' | 'failed', error = '') => ({
        recorded: { id: row.id, writeback, error },
      });
      if (!integration || !appointment || !isSchedulingIntegrationType(integration.type)) {
        return ended('failed', 'the appointment or its integration was deleted');
      }
      if (integration.type === 'standard') return ended('none');
      try {
        const wrote = await bind(integration, integration.type).writeBack(
          { externalId: appointment.external_id, agendaId: appointment.agenda_id },
          row.answer as 'confirm' | 'cancel',
        );
        return ended(wrote ? 'done' : 'none');
      } catch (error) {
        if (!(error instanceof SchedulingCallError)) return { failure: error };
        if (!error.isRetryable) return ended('failed', errorText(error));
        // Kept on the row while retrying, so the run's table says why it waits.
        return {
          recorded: { id: row.id, writeback: 'pending', error: errorText(error) },
          failure: new RetryLater(error.message, error.retryAfterMs),
        };
      }
    });
    await record(
      clientId,
      rows,
      outcomes.flatMap((outcome) => outcome.recorded ?? []),
    );
    const failureOf = new Map(rows.map((row, index) => [row.id, outcomes[index]?.failure]));
    return rowIds.map((rowId) => failureOf.get(rowId));
  };

  return {
    define() {
      queue.define(
        confirmationWritebackJob,
        batched(WRITEBACKS_PER_BATCH, perCompany(writeBackMany), {
          retryOn: 'RetryLater',
          async onExhausted({ clientId, rowId }, error) {
            const row = await createConfirmationsRepository(db).findRow(clientId, rowId);
            if (row?.writeback === 'pending')
              await record(clientId, [row], [{ id: row.id, writeback: 'failed', error: errorText(error) }]);
          },
        }),
      );
    },
  };
};
