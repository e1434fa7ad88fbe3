import { ALERT_MODULE, type ConversationAlert } from '@conversa/domain';
import type { Notification as SocketNotification } from '../../shared/socket';

/** An alert as the person sees it: the conversation's name, the server's text in their language. */
export type ConversationAlertShown = { contactId: string; title: string; body: string; tag: string };

const isConversationAlert = (value: unknown): value is ConversationAlert =>
  typeof value === 'object' &&
  value !== null &&
  'contact_id' in value &&
  typeof value.contact_id === 'string';

/**
 * The alert a notification carries, if it is one. The server sends alerts only to the person they are for,
 * and only in the families they asked for, so whatever arrives here is shown.
 */
export const alertOf = (notification: SocketNotification): ConversationAlertShown | null => {
  if (notification.module !== ALERT_MODULE) return null;
  const conversation = notification.data.find(isConversationAlert);
  if (!conversation) return null;
  return {
    contactId: conversation.contact_id,
    title: conversation.full_name,
    body: notification.msg ?? '',
    // The same tag as the service worker's push: whichever shows second replaces the first.
    tag: `${notification.action}:${conversation.contact_id}`,
  };
};
