import { auditChanges, DEFAULT_LOCALE } from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { AuthContext } from '../../core/http/fastify-types';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';

type CatalogueRecord = { id: string } & Record<string, unknown>;

/**
 * One change of the platform's catalogue (a plan, a feature) with its audit row and the notification to the
 * master's console, written in one transaction and published after commit.
 */
export const createCatalogueWriter =
  ({ db, events }: { db: Database; events: EventBus }, module: 'plan' | 'feature') =>
  async <T extends CatalogueRecord>(
    auth: AuthContext,
    action: 'create' | 'update' | 'delete',
    info: MessageKey,
    before: T | null,
    work: (tx: Executor) => Promise<T>,
  ): Promise<T> => {
    const { record, notification } = await db.transaction(async (tx) => {
      const after = await work(tx);
      const kept = action === 'delete' ? null : after;
      await writeAuditLog(tx, auth, [
        { action, module, recordId: after.id, changes: auditChanges(before, kept) },
      ]);
      const stored = await createRealtimeEventsRepository(tx).record(auth.clientId, {
        module,
        action,
        data: kept ? [kept] : [{ id: after.id }],
        msg: translate(auth.locale ?? DEFAULT_LOCALE, info),
        ref: after.id,
      });
      return { record: after, notification: stored };
    });
    events.emit('record.changed', { clientId: auth.clientId, module, notifications: [notification] });
    return record;
  };
