import {
  DEFAULT_LOCALE,
  isSchedulingIntegrationType,
  type SchedulingIntegrationType,
} from '@conversa/domain';
import { companyClock, companyText } from '../../core/company-clock';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { ConfirmationRowRow, IntegrationRow } from '../../core/db/schema';
import { defineJob, type JobQueue, type NewJob, RetryLater } from '../../core/jobs/job-queue';
import { sideBySide } from '../../core/side-by-side';
import { SchedulingCallError, type SchedulingRegistry } from '../../integrations/scheduling-adapter';
import { type BoundScheduling, bindScheduling } from '../../integrations/scheduling-binding';
import { createAgendaRepository } from '../agenda/agenda.repository';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import { acknowledgement, replyJobs } from './confirmation-replies';
import { createConfirmationsRepository, type RowWriteback } from './confirmations.repository';

/**
 * Answers written back to the clinic's system, one job for up to ROWS_PER_JOB rows answered together. A
 * job that met a passing failure (5xx, 429, no answer) is retried with backoff (capped at 5 minutes) for
 * more than 10 minutes (2 + 4 + … + 256 s, then 300 s); each run writes only its rows still pending, so a
 * row written once is never written again, and the rows still pending when the attempts run out fail.
 */
export const confirmationWritebackJob = defineJob<{ clientId: string; rowIds: string[] }>(
  'confirmation.writeback',
  {
    maxAttempts: 12,
  },
);

/** A burst of answers is written back this many rows to a job, one statement recording them all. */
const ROWS_PER_JOB = 50;
/** How many calls go to one clinic's system at once: side by side, without flooding it. */
const CALLS_AT_ONCE = 8;

/** The jobs writing these answered rows back, at most ROWS_PER_JOB to each, in jobs of even sizes. */
export const writebackJobs = (clientId: string, rowIds: string[]): NewJob[] => {
  const size = Math.ceil(rowIds.length / Math.ceil(rowIds.length / ROWS_PER_JOB));
  const jobs: NewJob[] = [];
  for (let start = 0; start < rowIds.length; start += size) {
    const own = rowIds.slice(start, start + size);
    jobs.push(
      confirmationWritebackJob.job(
        { clientId, rowIds: own },
        { key: `${confirmationWritebackJob.name}:${own[0]}` },
      ),
    );
  }
  return jobs;
};

/** A job queued before write-backs were grouped (one job per row) still names its row. */
export const rowIdsOf = (payload: { rowIds?: string[]; rowId?: string }): string[] =>
  payload.rowIds ?? (payload.rowId ? [payload.rowId] : []);

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
 * The write-back (API.md part 3 §3.3): the only writes to a scheduling system. A row's `writeback` moves
 * pending → done, none (nothing to write) or failed, then the patient's acknowledgement is queued. A job's
 * rows and what they need are read at once, the calls go side by side, the outcomes are recorded in one
 * transaction that counts each run's totals once.
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
        replyJobs(
          clientId,
          finished.flatMap((outcome) => {
            const row = rowOf.get(outcome.id);
            const run = runs.find((each) => each.id === row?.run_id);
            return row && run ? acknowledgement(row, run.device_id, locale) : [];
          }),
        ),
      );
      return runs.length > 0 ? announcer.changed(tx, clientId, runs) : undefined;
    });
    if (notification) announcer.publish(clientId, [notification]);
    if (finished.length > 0) queue.kick();
  };

  /** Each integration's adapter bound to its settings once per job. */
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

  /** The rows' answers still to write, among these. */
  const pendingRows = async (clientId: string, rowIds: string[]) =>
    (await createConfirmationsRepository(db).findRows(clientId, rowIds)).filter(
      (row) => row.writeback === 'pending' && (row.answer === 'confirm' || row.answer === 'cancel'),
    );

  /**
   * Writes the job's pending rows back. A passing failure of any row retries the job (its hint, the
   * longest of them, kept); the rows written meanwhile are done and not written again.
   */
  const writeBack = async (clientId: string, rowIds: string[]): Promise<void> => {
    const repo = createConfirmationsRepository(db);
    const rows = await pendingRows(clientId, rowIds);
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
        return ended('failed', await companyText(db, clientId, 'confirmation.appointmentGone'));
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
    const failures = outcomes.flatMap((outcome) => (outcome.failure === undefined ? [] : [outcome.failure]));
    const retries = failures.filter((failure) => failure instanceof RetryLater);
    const [retry] = retries;
    if (retry) {
      const hints = retries.flatMap((failure) => failure.retryAfterMs ?? []);
      throw new RetryLater(retry.message, hints.length > 0 ? Math.max(...hints) : undefined);
    }
    if (failures[0] !== undefined) throw failures[0];
  };

  return {
    define() {
      queue.define(confirmationWritebackJob, {
        run: (payload) => writeBack(payload.clientId, rowIdsOf(payload)),
        retryOn: 'RetryLater',
        async onExhausted(payload, error) {
          const { clientId } = payload;
          const rows = await pendingRows(clientId, rowIdsOf(payload));
          await record(
            clientId,
            rows,
            rows.map((row) => ({ id: row.id, writeback: 'failed', error: errorText(error) })),
          );
        },
      });
    },
  };
};
