import { z } from 'zod';
import { httpUrl } from './validation';

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it: the push service's URL and the keys
 * the payload is encrypted for.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: httpUrl(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) });

/**
 * What the service worker receives and shows: the alert's text, and the app's page a click opens (the
 * conversation, the task). A newer alert with the same tag replaces the older one.
 */
export type PushAlert = { title: string; body: string; path: string; tag: string };
