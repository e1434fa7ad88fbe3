import {
  ALERT_MODULE,
  type ConversationAlert,
  type PushAlert,
  type PushSubscriptionInput,
} from '@conversa/domain';
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

/**
 * How long the push service keeps an alert for a browser that is offline: an assignment a day old is still
 * worth knowing, one older is read in the app anyway.
 */
export const PUSH_TTL_SECONDS = 86_400;

/** One alert to one browser; a job each, so a retry never repeats it on the browsers that got it. */
export const PUSH_ALERT_JOB = defineJob<{ subscriptionId: string; alert: PushAlert }>('push.alert', {
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

const isConversationAlert = (value: unknown): value is ConversationAlert =>
  typeof value === 'object' &&
  value !== null &&
  'contact_id' in value &&
  typeof value.contact_id === 'string';

/** The alert as the browser shows it: the conversation's name, the text, and what a click opens. */
export const pushAlertOf = (notification: StoredNotification['notification']): PushAlert | undefined => {
  const conversation = notification.data.find(isConversationAlert);
  if (!conversation) return undefined;
  return {
    title: conversation.full_name,
    body: notification.msg,
    contact_id: conversation.contact_id,
    tag: `${notification.action}:${conversation.contact_id}`,
  };
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

  const send = async ({ subscriptionId, alert }: { subscriptionId: string; alert: PushAlert }) => {
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

  return {
    /** The VAPID public key the browser subscribes with; null when Web Push is not configured. */
    publicKey: (): string | null => vapid?.publicKey ?? null,

    async subscribe(auth: AuthContext, subscription: PushSubscriptionInput): Promise<void> {
      requireVapid();
      await repo.save(auth.clientId, auth.userId, subscription);
    },

    async unsubscribe(auth: AuthContext, endpoint: string): Promise<void> {
      await repo.remove(auth.clientId, auth.userId, endpoint);
    },

    /** An alert that was just published goes to each browser of its person, one job per browser. */
    async enqueueAlert({ clientId, targetUserId, notification }: StoredNotification): Promise<void> {
      if (!vapid || !targetUserId || notification.module !== ALERT_MODULE) return;
      const alert = pushAlertOf(notification);
      if (!alert) return;
      const subscriptions = await repo.listForUser(clientId, targetUserId);
      for (const subscription of subscriptions) {
        await deps.queue.enqueue(
          deps.db,
          PUSH_ALERT_JOB.job(
            { subscriptionId: subscription.id, alert },
            { key: `push.alert:${notification.seq}:${subscription.id}` },
          ),
        );
      }
      if (subscriptions.length > 0) deps.queue.kick();
    },
  };
};

export type PushService = ReturnType<typeof createPushService>;
