import {
  type AccountType,
  cutText,
  DEFAULT_LOCALE,
  isLocale,
  type MessageWithConversation,
  messageAlertFamily,
  notificationFor,
  type PushAlert,
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
  language: string;
};

/** As much of a message as a lock screen shows. */
const PUSH_BODY_CUT = 140;

/**
 * The pushes a customer's new message makes: one per browser whose person would have received its
 * notification live (the audience rule) and wants its family of alerts (who holds the conversation: them, a
 * colleague, nobody; their profile's `notifications`). Someone who left a family out gets no alert of it
 * from the server at all; their open app still syncs the message, without a toast.
 */
export const messagePushes = (
  { notification, targetUserId }: Pick<StoredNotification, 'notification' | 'targetUserId'>,
  subscribers: readonly Subscriber[],
): { subscriptionId: string; alert: PushAlert }[] => {
  if (notification.module !== 'message' || notification.action !== 'create') return [];
  const message = notification.data[0] as MessageWithConversation | undefined;
  const conversation = message?.conversation;
  if (!message || message.fromMe || !conversation) return [];
  return subscribers.flatMap((subscriber) => {
    if (!notificationFor(subscriber, notification, targetUserId ?? null)) return [];
    if (!wantsAlert(subscriber, messageAlertFamily(conversation, subscriber.userId))) return [];
    const locale = isLocale(subscriber.language) ? subscriber.language : DEFAULT_LOCALE;
    const alert: PushAlert = {
      title: conversation.info.full_name,
      body: message.body ? cutText(message.body, PUSH_BODY_CUT) : translate(locale, 'info.pushNewMessage'),
      contact_id: conversation.id,
      // One notification per conversation on the lock screen: a newer message replaces the older one.
      tag: `message:${conversation.id}`,
    };
    return [{ subscriptionId: subscriber.id, alert }];
  });
};
