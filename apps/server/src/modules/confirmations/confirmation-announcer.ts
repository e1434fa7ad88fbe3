import { type ConfirmationRun, DEFAULT_LOCALE } from '@conversa/domain';
import type { Executor } from '../../core/db/database';
import type { ConfirmationRunRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { toRun } from './confirmations.mapper';
import { createConfirmationsRepository } from './confirmations.repository';

export const CONFIRMATION_MODULE = 'confirmation';

/**
 * How a run tells the company's screens (API.md part 3 §3.2.8): the run with its totals, written in the
 * change's transaction and published after commit.
 */
export const createConfirmationAnnouncer = (events: EventBus) => ({
  /** The runs as answered, their totals counted in `tx`. */
  async runs(tx: Executor, clientId: string, rows: ConfirmationRunRow[]): Promise<ConfirmationRun[]> {
    const totals = await createConfirmationsRepository(tx).totalsOf(
      clientId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toRun(row, totals.get(row.id)));
  },

  async record(
    tx: Executor,
    clientId: string,
    action: 'create' | 'update' | 'delete',
    data: (ConfirmationRun | { id: string })[],
    info: MessageKey = 'info.confirmationUpdated',
    locale = DEFAULT_LOCALE,
  ): Promise<StoredNotification> {
    return createRealtimeEventsRepository(tx).record(clientId, {
      module: CONFIRMATION_MODULE,
      action,
      data,
      msg: translate(locale, info),
      ref: data[0]?.id ?? '',
    });
  },

  /** Runs' totals, status or error changed: the runs as they are now, in one notification. */
  async changed(
    tx: Executor,
    clientId: string,
    changed: ConfirmationRunRow | ConfirmationRunRow[],
  ): Promise<StoredNotification> {
    return this.record(tx, clientId, 'update', await this.runs(tx, clientId, [changed].flat()));
  },

  publish(clientId: string, notifications: StoredNotification[]) {
    if (notifications.length > 0)
      events.emit('record.changed', { clientId, module: CONFIRMATION_MODULE, notifications });
  },
});

export type ConfirmationAnnouncer = ReturnType<typeof createConfirmationAnnouncer>;
