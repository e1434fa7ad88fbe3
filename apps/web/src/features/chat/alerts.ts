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

/**
 * A desktop notification through the browser's Notifications API, while the app is open but not in front
 * (in front, the in-app toast says it). Needs the person's `notify` preference and the browser's permission;
 * a click brings the app forward and opens the conversation. Answers whether one was shown.
 */
export const showDesktopAlert = (
  alert: ConversationAlertShown,
  onOpen: (contactId: string) => void,
): boolean => {
  if (typeof window.Notification === 'undefined' || window.Notification.permission !== 'granted')
    return false;
  if (document.visibilityState === 'visible' && document.hasFocus()) return false;
  const shown = new window.Notification(alert.title, {
    body: alert.body,
    tag: alert.tag,
    icon: '/favicon.svg',
  });
  shown.onclick = () => {
    window.focus();
    onOpen(alert.contactId);
    shown.close();
  };
  return true;
};
