import {
  crmx2ConfigSchema,
  DEFAULT_LOCALE,
  WEBHOOK_RETRY_WINDOW_MS,
  type WebhookDelivery,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database, Executor } from '../../core/db/database';
import { type WebhookDeliveryRow, webhookDeliveries } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { type JobContext, type JobQueue, RetryLater } from '../../core/jobs/job-queue';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import type { WebhookAttempt, WebhookSender } from '../../integrations/crmx2/webhook-sender';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import type { IntegrationsService } from '../integrations/integrations.service';
import { toWebhookDelivery } from './webhooks.mapper';
import { createWebhooksRepository, type WebhookDeliveryPatch } from './webhooks.repository';

export const WEBHOOK_MODULE = 'webhook';
export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';
const jobKeyOf = (deliveryId: string) => `${WEBHOOK_DELIVER_JOB}:${deliveryId}`;

/** The waits between attempts, growing; the last one repeats until the window is spent. */
const RETRY_STEPS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000];

/**
 * The waits before each retry that fit in the window from the first attempt: 30 s, 2 min, 10 min, 30 min,
 * 1 h, 2 h, 4 h, 8 h, 8 h for a day (ten attempts, the last about 23.7 h after the first).
 */
export const webhookRetrySchedule = (windowMs = WEBHOOK_RETRY_WINDOW_MS): number[] => {
  const waits: number[] = [];
  let total = 0;
  for (let index = 0; ; index += 1) {
    const wait = RETRY_STEPS_MS[Math.min(index, RETRY_STEPS_MS.length - 1)] as number;
    if (total + wait > windowMs) return waits;
    waits.push(wait);
    total += wait;
  }
};

type Deps = {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  box: SecretBox;
  sender: WebhookSender;
  integrations: IntegrationsService;
  /** The waits before each retry (webhookRetrySchedule unless a test gives short ones). */
  retryDelaysMs: readonly number[];
};

type DeliveryJobPayload = { clientId: string; deliveryId: string };

/**
 * The delivery's attempts: each one POSTs the stored payload signed with the integration's secret and
 * writes its outcome on the row and on the integration. A failure is tried again after the schedule's
 * wait for that attempt (the job's own attempt number, so a replay starts the schedule over) until the
 * schedule is spent, then the delivery is failed; a refused URL (a private address) fails at once.
 */
export const createWebhookDeliverer = ({
  db,
  events,
  queue,
  box,
  sender,
  integrations,
  retryDelaysMs,
}: Deps) => {
  const maxAttempts = retryDelaysMs.length + 1;

  /** Writes the row's change with its notification to the setting readers, published after commit. */
  const save = async (
    clientId: string,
    id: string,
    patch: WebhookDeliveryPatch,
    work?: (tx: Executor) => Promise<void>,
  ): Promise<WebhookDelivery | undefined> => {
    const result = await db.transaction(async (tx) => {
      await work?.(tx);
      const row = await createWebhooksRepository(tx).update(clientId, id, patch);
      if (!row) return undefined;
      const delivery = toWebhookDelivery(row);
      const notification = await createRealtimeEventsRepository(tx).record(clientId, {
        module: WEBHOOK_MODULE,
        action: 'update',
        data: [delivery],
        ref: row.integration_id,
      });
      return { delivery, notification };
    });
    if (result)
      events.emit('record.changed', {
        clientId,
        module: WEBHOOK_MODULE,
        notifications: [result.notification],
      });
    return result?.delivery;
  };

  const send = async (row: WebhookDeliveryRow): Promise<WebhookAttempt | undefined> => {
    const integration = await createIntegrationsRepository(db).findById(row.client_id, row.integration_id);
    if (!integration) return undefined;
    const config = crmx2ConfigSchema.safeParse(openIntegrationConfig(box, 'crmx2', integration.config));
    if (!config.success || !config.data.secret) {
      return {
        ok: false,
        responseStatus: null,
        error: 'the integration has no valid URL and secret',
        isPermanent: true,
      };
    }
    return sender.send({
      url: config.data.url,
      secret: config.data.secret,
      deliveryId: row.id,
      event: row.event,
      body: JSON.stringify(row.payload),
    });
  };

  const attempt = async ({ clientId, deliveryId }: DeliveryJobPayload, job: JobContext) => {
    const row = await createWebhooksRepository(db).findById(clientId, deliveryId);
    if (row?.status !== 'pending') return;
    const outcome = await send(row);
    if (!outcome) return;
    const wait = outcome.ok || outcome.isPermanent ? undefined : retryDelaysMs[job.attempt - 1];
    const attempts = sql`${webhookDeliveries.attempts} + 1`;
    await save(
      clientId,
      deliveryId,
      outcome.ok
        ? {
            status: 'delivered',
            attempts,
            response_status: outcome.responseStatus,
            error: '',
            next_attempt_at: null,
            delivered_at: sql`now()`,
          }
        : {
            status: wait === undefined ? 'failed' : 'pending',
            attempts,
            response_status: outcome.responseStatus,
            error: outcome.error.slice(0, 500),
            next_attempt_at: wait === undefined ? null : new Date(Date.now() + wait),
          },
    );
    await integrations.noteCall(
      clientId,
      row.integration_id,
      outcome.ok ? { ok: true } : { ok: false, error: outcome.error },
      DEFAULT_LOCALE,
      false,
    );
    if (wait !== undefined && !outcome.ok) throw new RetryLater(outcome.error, wait);
  };

  queue.define<DeliveryJobPayload>(WEBHOOK_DELIVER_JOB, {
    run: attempt,
    // Attempts lost to a crashed worker count too: when none is left, a still pending delivery has failed.
    onExhausted: async ({ clientId, deliveryId }, error) => {
      const row = await createWebhooksRepository(db).findById(clientId, deliveryId);
      if (row?.status !== 'pending') return;
      const reason = error instanceof Error ? error.message : String(error);
      await save(clientId, deliveryId, {
        status: 'failed',
        error: reason.slice(0, 500),
        next_attempt_at: null,
      });
    },
  });

  /**
   * The delivery's job, in the caller's transaction. `replace` (a replay) starts a finished job over from
   * its first attempt; answers false when its job is running right now.
   */
  const enqueue = (executor: Executor, clientId: string, deliveryId: string, replace = false) =>
    queue.enqueue(executor, {
      name: WEBHOOK_DELIVER_JOB,
      key: jobKeyOf(deliveryId),
      payload: { clientId, deliveryId },
      maxAttempts,
      replace,
    });

  return { enqueue, save };
};

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;
