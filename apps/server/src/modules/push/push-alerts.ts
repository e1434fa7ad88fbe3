import {
  type AccountType,
  ALERT_MODULE,
  type ConversationAlert,
  cutText,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  type MessageWithConversation,
  messageAlertFamily,
  type NotificationModule,
  notificationFor,
  type PushAlert,
  pushesFor,
  wantsAlert,
} from '@conversa/domain';
import { translate } from '../../core/i18n/i18n';
import type { StoredNotification } from '../../core/realtime/realtime-events.repository';

/** A company's browser with what decides its person's alerts (push.repository's listCompanySubscribers). */
export type Subscriber = {
  id: string;
  userId: string;
  account: AccountType;
  userAccess: string[];
  clientAccess: string[];
  market: boolean;
  notifications: string[];
  push_notification: string[];
  language: string;
};

export type Push = { subscriptionId: string; alert: PushAlert };

/** As much of a message as a lock screen shows. */
const PUSH_BODY_CUT = 140;

const localeOf = (subscriber: Subscriber): Locale =>
  isLocale(subscriber.language) ? subscriber.language : DEFAULT_LOCALE;

/** The conversation a click on a pushed alert opens. */
const conversationPath = (contactId: string) => `/app/chat?contact=${encodeURIComponent(contactId)}`;

/**
 * The pushes a customer's new message makes: one per browser whose person would have received its
 * notification live (the audience rule), wants its family of alerts (who holds the conversation: them, a
 * colleague, nobody; their profile's `notifications`) and has the chat's alerts shown (`push_notification`).
 * Someone who left either out gets no alert of it from the server at all; their open app still syncs the
 * message, without a toast.
 */
export const messagePushes = (
  { notification, targetUserId }: Pick<StoredNotification, 'notification' | 'targetUserId'>,
  subscribers: readonly Subscriber[],
): Push[] => {
  if (notification.module !== 'message' || notification.action !== 'create') return [];
  const message = notification.data[0] as MessageWithConversation | undefined;
  const conversation = message?.conversation;
  if (!message || message.fromMe || !conversation) return [];
  return subscribers.flatMap((subscriber) => {
    if (!pushesFor(subscriber, 'chat')) return [];
    if (!notificationFor(subscriber, notification, targetUserId ?? null)) return [];
    if (!wantsAlert(subscriber, messageAlertFamily(conversation, subscriber.userId))) return [];
    const alert: PushAlert = {
      title: conversation.info.full_name,
      body: message.body
        ? cutText(message.body, PUSH_BODY_CUT)
        : translate(localeOf(subscriber), 'info.pushNewMessage'),
      path: conversationPath(conversation.id),
      // One notification per conversation on the lock screen: a newer message replaces the older one.
      tag: `message:${conversation.id}`,
    };
    return [{ subscriptionId: subscriber.id, alert }];
  });
};

const isConversationAlert = (value: unknown): value is ConversationAlert =>
  typeof value === 'object' &&
  value !== null &&
  'contact_id' in value &&
  typeof value.contact_id === 'string';

type TaskReminder = { id: string; title: string };

const isTaskReminder = (value: unknown): value is TaskReminder =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  typeof value.id === 'string' &&
  'title' in value &&
  typeof value.title === 'string';

/** What a notification addressed to one person pushes, by module; undefined when it pushes nothing. */
const personalAlertOf = (
  notification: StoredNotification['notification'],
): { module: NotificationModule; alertIn: (locale: Locale) => PushAlert } | undefined => {
  if (notification.module === ALERT_MODULE) {
    const conversation = notification.data.find(isConversationAlert);
    if (!conversation) return undefined;
    // The server wrote the alert's text in its person's language.
    const alert: PushAlert = {
      title: conversation.full_name,
      body: notification.msg ?? '',
      path: conversationPath(conversation.contact_id),
      tag: `${notification.action}:${conversation.contact_id}`,
    };
    return { module: 'chat', alertIn: () => alert };
  }
  if (notification.module === 'task' && notification.action === 'reminder') {
    const task = notification.data.find(isTaskReminder);
    if (!task) return undefined;
    return {
      module: 'task',
      alertIn: (locale) => ({
        title: task.title,
        body: translate(locale, 'info.pushTaskReminder'),
        path: `/app/tasks?task=${encodeURIComponent(task.id)}`,
        tag: `reminder:${task.id}`,
      }),
    };
  }
  return undefined;
};

/**
 * The pushes of a notification addressed to one person (a conversation handed to them, a task's reminder):
 * one to each of their browsers, when they have that module's alerts shown.
 */
export const personalPushes = (
  { notification, targetUserId }: Pick<StoredNotification, 'notification' | 'targetUserId'>,
  subscribers: readonly Subscriber[],
): Push[] => {
  if (!targetUserId) return [];
  const made = personalAlertOf(notification);
  if (!made) return [];
  return subscribers
    .filter((subscriber) => subscriber.userId === targetUserId && pushesFor(subscriber, made.module))
    .map((subscriber) => ({ subscriptionId: subscriber.id, alert: made.alertIn(localeOf(subscriber)) }));
};
