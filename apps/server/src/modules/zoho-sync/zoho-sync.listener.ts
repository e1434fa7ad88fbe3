import { type IntegrationLinkModule, isIntegrationLinkModule } from '@conversa/domain';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { StoredNotification } from '../../core/realtime/realtime-events.repository';
import { createZohoSyncRepository } from './zoho-sync.repository';
import { isPausedByRefusal, type ZohoSync } from './zoho-sync.service';

/** Notifications addressed to someone about a record that did not change (a reminder). */
const NOT_CHANGES = new Set(['reminder']);

/**
 * The contacts and leads a write created or changed, by module, read from its notifications (their own
 * module decides: a lead's conversion announces a contact). A delete is not sent: Zoho keeps its record.
 */
export const changedRecords = (notifications: StoredNotification[]): Map<IntegrationLinkModule, string[]> => {
  const changed = new Map<IntegrationLinkModule, Set<string>>();
  for (const { notification } of notifications) {
    const { module, action } = notification;
    if (!isIntegrationLinkModule(module) || action.startsWith('delete') || NOT_CHANGES.has(action)) continue;
    const ids = changed.get(module) ?? new Set<string>();
    for (const item of notification.data) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'string') ids.add(id);
    }
    changed.set(module, ids);
  }
  return new Map([...changed].filter(([, ids]) => ids.size > 0).map(([module, ids]) => [module, [...ids]]));
};

/**
 * Committed contact and lead changes become pushes to each of the company's Zoho integrations that syncs
 * that module and is not waiting for a person (a refused refresh token). One query for the integrations
 * per write of contacts or leads, none for other writes.
 */
export const registerZohoSyncListener = (deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  sync: ZohoSync;
}) => {
  const { db, events, queue, sync } = deps;
  events.on('record.changed', async ({ clientId, notifications }) => {
    const changed = changedRecords(notifications);
    if (changed.size === 0) return;
    const rows = await createZohoSyncRepository(db).crmzohoOf(clientId);
    let isQueued = false;
    for (const row of rows) {
      const config = sync.configOf(row);
      if (!config || isPausedByRefusal(row)) continue;
      for (const [module, ids] of changed) {
        if (module === 'contact' ? !config.sync_contacts : !config.sync_leads) continue;
        await sync.enqueuePush(row, module, ids);
        isQueued = true;
      }
    }
    if (isQueued) queue.kick();
  });
};
