import { randomUUID } from 'node:crypto';
import type { WebhookPayload } from '@conversa/domain';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import { INTEGRATION_MODULE } from '../integrations/integrations.service';
import type { WebhookDeliverer } from './webhook-delivery';
import {
  messageOccurrence,
  recordOccurrences,
  stageOccurrence,
  type WebhookOccurrence,
} from './webhook-events';
import { createWebhooksRepository, type NewWebhookDelivery } from './webhooks.repository';

/** Another process's new subscription is seen within this long; this process's own at once. */
const SUBSCRIBERS_TTL_MS = 30_000;

/**
 * The companies with a crmx2 integration, read once per TTL for the whole process: an event of a company
 * without webhooks (most inbound messages) costs no query. An integration written here drops it at once.
 */
const createSubscriberCache = (db: Database) => {
  let companies: Set<string> | undefined;
  let loadedAt = 0;
  let loading: Promise<Set<string>> | undefined;
  // A write during a load makes that load's answer stale: it is used once, not kept.
  let generation = 0;

  const load = () => {
    const started = generation;
    const pending = createWebhooksRepository(db)
      .subscribedClients()
      .then((found) => {
        if (started === generation) {
          companies = found;
          loadedAt = Date.now();
        }
        return found;
      })
      .finally(() => {
        if (loading === pending) loading = undefined;
      });
    loading = pending;
    return pending;
  };

  return {
    async has(clientId: string): Promise<boolean> {
      const fresh = companies && Date.now() - loadedAt < SUBSCRIBERS_TTL_MS ? companies : undefined;
      return (fresh ?? (await (loading ?? load()))).has(clientId);
    },
    invalidate() {
      generation += 1;
      companies = undefined;
      loading = undefined;
    },
  };
};

/**
 * Turns committed domain events into deliveries: for the company's crmx2 integrations subscribed to an
 * event, one row per record and subscription and its durable job, in one transaction. One query reads the
 * subscriptions per event (not per record), none for a company without them.
 */
export const registerWebhookDispatcher = (deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  deliverer: WebhookDeliverer;
}) => {
  const { db, events, queue, deliverer } = deps;
  const subscribers = createSubscriberCache(db);

  const dispatch = async (clientId: string, occurrences: WebhookOccurrence[]) => {
    if (occurrences.length === 0 || !(await subscribers.has(clientId))) return;
    const subscriptions = await createWebhooksRepository(db).subscriptions(clientId);
    const occurredAt = new Date().toISOString();
    const rows: NewWebhookDelivery[] = subscriptions.flatMap((subscription) =>
      occurrences
        .filter(({ event }) => subscription.events.includes(event))
        .map(({ event, data }) => {
          const id = randomUUID();
          const payload: WebhookPayload = { id, event, occurred_at: occurredAt, client_id: clientId, data };
          return { id, client_id: clientId, integration_id: subscription.id, event, payload };
        }),
    );
    if (rows.length === 0) return;
    await db.transaction(async (tx) => {
      await createWebhooksRepository(tx).insertMany(rows);
      for (const row of rows) await deliverer.enqueue(tx, clientId, String(row.id));
    });
    queue.kick();
  };

  events.on('record.changed', ({ clientId, module, notifications }) => {
    if (module === INTEGRATION_MODULE) {
      subscribers.invalidate();
      return;
    }
    return dispatch(clientId, recordOccurrences(notifications));
  });
  events.on('deal.stageChanged', ({ clientId, change }) => dispatch(clientId, [stageOccurrence(change)]));
  events.on('message.created', ({ clientId, message }) => dispatch(clientId, [messageOccurrence(message)]));
};
