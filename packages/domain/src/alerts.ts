import { z } from 'zod';
import { USER_NOTIFICATIONS } from './user';

/** A family of alerts a person may want (the user's `notifications` list, spec section 3). */
export type AlertFamily = (typeof USER_NOTIFICATIONS)[number];

/**
 * The module of the notifications that alert one person (a toast, a sound, a desktop or push notification),
 * apart from the record's own notification that keeps everyone's lists in sync without any text. Its action
 * is the alert's family.
 */
export const ALERT_MODULE = 'alert';

/** What an alert about a conversation carries: enough to name it and to open it. */
export type ConversationAlert = { contact_id: string; full_name: string };

/** A new user wants every alert until they choose otherwise in their profile. */
export const DEFAULT_ALERT_FAMILIES: readonly AlertFamily[] = USER_NOTIFICATIONS;

export const isAlertFamily = (value: string): value is AlertFamily =>
  (USER_NOTIFICATIONS as readonly string[]).includes(value);

/** Whether the person asked for this family of alerts; a family left out of their list alerts them never. */
export const wantsAlert = (user: { notifications: readonly string[] }, family: AlertFamily): boolean =>
  user.notifications.includes(family);

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it: the push service's URL and the keys
 * the payload is encrypted for.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) });

/** What the service worker receives and shows: the alert's text, and the conversation a click opens. */
export type PushAlert = { title: string; body: string; contact_id: string; tag: string };

/**
 * The family a customer's new message alerts one user under, by who holds its conversation: them, a
 * colleague, or nobody (then by whether the contact is theirs, someone else's or no one's).
 */
export const messageAlertFamily = (
  conversation: { derivedto: string; owner: readonly string[] },
  userId: string,
): AlertFamily => {
  if (conversation.derivedto === userId) return 'chat_assigned';
  if (conversation.derivedto !== '') return 'chat_assigned_others';
  if (conversation.owner.length === 0) return 'chat_unassigned_unowner';
  return conversation.owner.includes(userId) ? 'chat_unassigned_owner' : 'chat_unassigned_owner_others';
};
