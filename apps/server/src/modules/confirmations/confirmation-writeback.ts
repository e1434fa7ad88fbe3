import { isSchedulingIntegrationType } from '@conversa/domain';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { ConfirmationRowRow } from '../../core/db/schema';
import { defineJob, type JobQueue, RetryLater } from '../../core/jobs/job-queue';
import { SchedulingCallError, type SchedulingRegistry } from '../../integrations/scheduling-adapter';
import { bindScheduling } from '../../integrations/scheduling-binding';
import { createAgendaRepository } from '../agenda/agenda.repository';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import { createConfirmationsRepository } from './confirmations.repository';

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

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

type Deps = {
  db: Database;
  box: SecretBox;
  queue: JobQueue;
  adapters: SchedulingRegistry;
  announcer: ConfirmationAnnouncer;
};

/**
 * The write-back (API.md part 3 §3.3): the only writes to a scheduling system. One job per answered row
 * (its key), a row's `writeback` moving pending → done, none (nothing to write) or failed.
 */
export const createConfirmationWriteback = ({ db, box, queue, adapters, announcer }: Deps) => {
  const finish = async (row: ConfirmationRowRow, writeback: 'done' | 'none' | 'failed', error = '') => {
    const notification = await db.transaction(async (tx) => {
      const txRepo = createConfirmationsRepository(tx);
      await txRepo.updateRow(row.client_id, row.id, { writeback, error });
      if (error) await txRepo.updateRun(row.client_id, row.run_id, { error });
      const run = await txRepo.findRun(row.client_id, row.run_id);
      return run ? announcer.changed(tx, row.client_id, run) : undefined;
    });
    if (notification) announcer.publish(row.client_id, [notification]);
  };

  const writeBack = async ({ clientId, rowId }: { clientId: string; rowId: string }) => {
    const repo = createConfirmationsRepository(db);
    const row = await repo.findRow(clientId, rowId);
    if (row?.writeback !== 'pending' || (row.answer !== 'confirm' && row.answer !== 'cancel')) return;
    const run = await repo.findRun(clientId, row.run_id);
    const integration =
      run && (await createIntegrationsRepository(db).findById(clientId, run.integration_id));
    const appointment = await createAgendaRepository(db).findById(clientId, row.agenda_id);
    if (!integration || !appointment || !isSchedulingIntegrationType(integration.type)) {
      return finish(row, 'failed', 'the appointment or its integration was deleted');
    }
    if (integration.type === 'standard') return finish(row, 'none');
    try {
      const bound = bindScheduling(
        adapters,
        integration.type,
        openIntegrationConfig(box, integration.type, integration.config),
      );
      const wrote = await bound.writeBack(
        { externalId: appointment.external_id, agendaId: appointment.agenda_id },
        row.answer,
      );
      await finish(row, wrote ? 'done' : 'none');
    } catch (error) {
      if (!(error instanceof SchedulingCallError)) throw error;
      if (!error.isRetryable) return finish(row, 'failed', error.message);
      // Kept on the row while retrying, so the run's table says why it waits.
      await repo.updateRow(clientId, rowId, { error: error.message.slice(0, 500) });
      throw new RetryLater(error.message, error.retryAfterMs);
    }
  };

  return {
    define() {
      queue.define(confirmationWritebackJob, {
        run: writeBack,
        retryOn: 'RetryLater',
        async onExhausted({ clientId, rowId }, error) {
          const row = await createConfirmationsRepository(db).findRow(clientId, rowId);
          if (row?.writeback === 'pending') await finish(row, 'failed', errorText(error));
        },
      });
    },
  };
};
