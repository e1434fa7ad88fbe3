import { DEFAULT_LOCALE, type Diffusion, type Locale } from '@conversa/domain';
import type { Database, Executor } from '../../core/db/database';
import type { DiffusionRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { toDiffusion } from './diffusions.mapper';
import { createDiffusionsRepository, emptyTotals } from './diffusions.repository';

export const DIFFUSION_MODULE = 'diffusion';

/** Live progress is sent at most this often per diffusion (a status change is always sent). */
const PROGRESS_EVERY_MS = 1000;

/**
 * The realtime side of diffusions: `{ module: 'diffusion', action: create|update|delete|progress, data,
 * msg, ref }` written in the change's transaction (the outbox) and published after commit.
 */
export const createDiffusionAnnouncer = ({ db, events }: { db: Database; events: EventBus }) => {
  const lastProgress = new Map<string, number>();

  const withTotals = async (executor: Executor, row: DiffusionRow): Promise<Diffusion> => {
    const totals = await createDiffusionsRepository(executor).totals(row.client_id, [row.id]);
    return toDiffusion(row, totals.get(row.id) ?? emptyTotals());
  };

  return {
    withTotals,

    /** Records one notification in `tx`; answers it for `publish` once the transaction committed. */
    async record(
      tx: Executor,
      row: DiffusionRow,
      action: 'create' | 'update' | 'delete',
      info: MessageKey,
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<StoredNotification> {
      const data = action === 'delete' ? [{ id: row.id }] : [await withTotals(tx, row)];
      return createRealtimeEventsRepository(tx).record(row.client_id, {
        module: DIFFUSION_MODULE,
        action,
        data,
        msg: translate(locale, info),
        ref: row.id,
      });
    },

    publish(clientId: string, notifications: StoredNotification[]): void {
      if (notifications.length > 0)
        events.emit('record.changed', { clientId, module: DIFFUSION_MODULE, notifications });
    },

    /** The totals, at most about once a second per diffusion (`force` for the last one). */
    async progress(row: DiffusionRow, force = false): Promise<void> {
      const now = Date.now();
      if (!force && now - (lastProgress.get(row.id) ?? 0) < PROGRESS_EVERY_MS) return;
      lastProgress.set(row.id, now);
      const diffusion = await withTotals(db, row);
      const stored = await createRealtimeEventsRepository(db).record(row.client_id, {
        module: DIFFUSION_MODULE,
        action: 'progress',
        data: [
          // No status: the run read it before its send, and a pause or a cancel may have committed since.
          // Status changes travel only in their own `update`, written in the change's transaction.
          {
            id: diffusion.id,
            count_current_responses: diffusion.count_current_responses,
            totals: diffusion.totals,
          },
        ],
        msg: translate(DEFAULT_LOCALE, 'info.diffusionProgress'),
        ref: row.id,
      });
      this.publish(row.client_id, [stored]);
    },
  };
};

export type DiffusionAnnouncer = ReturnType<typeof createDiffusionAnnouncer>;
