/**
 * The families of alerts a person may want (the user's `notifications` list, spec section 3). Here, not in
 * user.ts: the app shell's notifier reads them, and user.ts's schemas would bring the validation library
 * into the shell's download.
 */
export const USER_NOTIFICATIONS = [
  'chat_assigned',
  'chat_assigned_others',
  'chat_unassigned_owner',
  'chat_unassigned_unowner',
  'chat_unassigned_owner_others',
] as const;

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

/**
 * The modules a person's alerts come from, in their lists `sound_notification` (which ones beep, while the
 * `sound` switch is on) and `push_notification` (which ones the system shows: a desktop notification while
 * the app is open and `notify` is on, Web Push while it is closed). `chat`: a customer's message and a
 * conversation handed to them; `task`: a task's reminder.
 */
export const NOTIFICATION_MODULES = ['chat', 'task'] as const;

export type NotificationModule = (typeof NOTIFICATION_MODULES)[number];

/** A new user hears and is shown every module until they choose otherwise in their profile. */
export const DEFAULT_NOTIFICATION_MODULES: readonly NotificationModule[] = NOTIFICATION_MODULES;

/** Whether this module's alerts beep for the person. */
export const soundsFor = (
  user: { sound: boolean; sound_notification: readonly string[] },
  module: NotificationModule,
): boolean => user.sound && user.sound_notification.includes(module);

/** Whether the system may show this module's alerts to the person (desktop or Web Push). */
export const pushesFor = (
  user: { push_notification: readonly string[] },
  module: NotificationModule,
): boolean => user.push_notification.includes(module);

export const isAlertFamily = (value: string): value is AlertFamily =>
  (USER_NOTIFICATIONS as readonly string[]).includes(value);

/** Whether the person asked for this family of alerts; a family left out of their list alerts them never. */
export const wantsAlert = (user: { notifications: readonly string[] }, family: AlertFamily): boolean =>
  user.notifications.includes(family);

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
