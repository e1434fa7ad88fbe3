import type { PushSubscriptionInput } from '@conversa/domain';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Config } from '../../core/config';
import type { Database } from '../../core/db/database';
import { AppError } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { defineJob, type JobQueue, RetryLater } from '../../core/jobs/job-queue';
import { fetchOutbound, OutboundRefused } from '../../core/net/outbound-fetch';
import type { StoredNotification } from '../../core/realtime/realtime-events.repository';
import { createPushRepository } from './push.repository';
import { messagePushes, type Push, personalPushes, type Subscriber } from './push-alerts';

/**
 * How long the push service keeps an alert for a browser that is offline: an assignment a day old is still
 * worth knowing, one older is read in the app anyway.
 */
export const PUSH_TTL_SECONDS = 86_400;

/**
 * How long a company's list of subscribed browsers is reused: every customer message asks for it, and a
 * browser subscribed on another process is reached at most this late.
 */
const SUBSCRIBERS_TTL_MS = 5_000;

/** One alert to one browser; a job each, so a retry never repeats it on the browsers that got it. */
export const PUSH_ALERT_JOB = defineJob<Push>('push.alert', {
  maxAttempts: 5,
});

export type PushDeps = {
  db: Database;
  queue: JobQueue;
  logger: FastifyBaseLogger;
  vapid: Config['vapid'];
  providerTimeoutMs: number;
  outboundAllowHosts: readonly string[];
};

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292, and the aes128gcm payload, RFC 8291): the user's browsers get
 * their alerts while the app is closed. The request is built by `web-push` and sent through the outbound
 * fetch, since the endpoint is a URL a browser gave us: only public addresses are reached.
 */
export const createPushService = (deps: PushDeps) => {
  const repo = createPushRepository(deps.db);
  const { vapid } = deps;

  const requireVapid = () => {
    if (!vapid) throw new AppError(406, 'info.pushOff');
    return vapid;
  };

  const send = async ({ subscriptionId, alert }: Push) => {
    const keys = requireVapid();
    const subscription = await repo.findById(subscriptionId);
    if (!subscription) return;
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(alert),
      { vapidDetails: keys, TTL: PUSH_TTL_SECONDS, urgency: 'high' },
    );
    try {
      const answer = await fetchOutbound(request.endpoint, {
        method: 'POST',
        body: request.body,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        timeoutMs: deps.providerTimeoutMs,
        maxBytes: 16_384,
        allowHosts: deps.outboundAllowHosts,
      });
      if (answer.status === 404 || answer.status === 410) {
        await repo.removeById(subscription.id);
        return;
      }
      if (answer.status === 429 || answer.status >= 500) {
        const retryAfter = Number(answer.headers['retry-after']);
        throw new RetryLater(
          `push service ${answer.status}`,
          Number.isFinite(retryAfter) ? retryAfter * 1000 : undefined,
        );
      }
      if (answer.status >= 300) deps.logger.warn({ status: answer.status }, 'push service refused an alert');
    } catch (error) {
      // A private address or a malformed endpoint will not change: that subscription can never be served.
      if (error instanceof OutboundRefused) {
        await repo.removeById(subscription.id);
        return;
      }
      if (error instanceof RetryLater) throw error;
      throw new RetryLater(error instanceof Error ? error.message : 'push failed');
    }
  };

  deps.queue.define(PUSH_ALERT_JOB, { run: send });

  const subscribersCache = new Map<string, { until: number; rows: Promise<Subscriber[]> }>();
  const subscribersOf = (clientId: string): Promise<Subscriber[]> => {
    const cached = subscribersCache.get(clientId);
    if (cached && cached.until > Date.now()) return cached.rows;
    const rows = repo.listCompanySubscribers(clientId);
    subscribersCache.set(clientId, { until: Date.now() + SUBSCRIBERS_TTL_MS, rows });
    rows.catch(() => subscribersCache.delete(clientId));
    return rows;
  };

  /** One job per browser; the key makes a repeated publication of the same notification push once. */
  const enqueueAll = async (seq: number, pushes: Push[]) => {
    for (const push of pushes) {
      await deps.queue.enqueue(
        deps.db,
        PUSH_ALERT_JOB.job(push, { key: `push.alert:${seq}:${push.subscriptionId}` }),
      );
    }
    if (pushes.length > 0) deps.queue.kick();
  };

  return {
    /** Reads the company's subscribed browsers again at its next message (someone's preferences changed). */
    forgetSubscribers: (clientId: string) => {
      subscribersCache.delete(clientId);
    },

    /** The VAPID public key the browser subscribes with; null when Web Push is not configured. */
    publicKey: (): string | null => vapid?.publicKey ?? null,

    async subscribe(auth: AuthContext, subscription: PushSubscriptionInput): Promise<void> {
      requireVapid();
      await repo.save(auth.clientId, auth.userId, subscription);
      subscribersCache.delete(auth.clientId);
    },

    async unsubscribe(auth: AuthContext, endpoint: string): Promise<void> {
      await repo.remove(auth.clientId, auth.userId, endpoint);
      subscribersCache.delete(auth.clientId);
    },

    /**
     * A notification just published, pushed to the browsers it alerts: one addressed to a person (a
     * conversation handed to them, a task's reminder) to each of their browsers; a customer's new message
     * to each browser whose person wants that family of alerts. Either only where the person has that
     * module's alerts shown.
     */
    async enqueueAlert(stored: StoredNotification): Promise<void> {
      if (!vapid) return;
      const { clientId, notification } = stored;
      const personal = notification.module !== 'message';
      if (personal && !stored.targetUserId) return;
      const subscribers = await subscribersOf(clientId);
      await enqueueAll(
        notification.seq,
        personal ? personalPushes(stored, subscribers) : messagePushes(stored, subscribers),
      );
    },
  };
};

export type PushService = ReturnType<typeof createPushService>;
