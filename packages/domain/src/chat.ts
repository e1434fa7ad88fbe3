import type { Contact } from './contact';
import type { Message } from './message-send';

/**
 * The conversation list's filters and side options (API `contact/chats`). A conversation is a contact that
 * has at least one message. Each option narrows the filter:
 * - myContacts: the conversation is assigned to me (derivedto is the current user).
 * - myDeriveds: I am among the contact's owners, whoever holds it now (conversations I brought in or
 *   handed on).
 * - floatContacts: nobody holds the conversation (derivedto empty): the queue anyone may take.
 * - todayMsg: the last message arrived or left today, in the company's time zone.
 * - unread: the contact has pending (unread) messages.
 * - allMessages: no narrowing.
 */
export const CHAT_FILTERS = ['All', 'AllInactive'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

export const CHAT_OPTIONS = [
  'myContacts',
  'myDeriveds',
  'floatContacts',
  'todayMsg',
  'unread',
  'allMessages',
] as const;
export type ChatOption = (typeof CHAT_OPTIONS)[number];

/**
 * 'All' lists every conversation; 'AllInactive' only those whose customer never wrote or last wrote more
 * than this long ago: the providers' customer-service window is closed, so only templates reach them.
 */
export const INACTIVE_AFTER_HOURS = 24;

/**
 * The conversation list and every record list count exactly up to this many records and answer "10,000+"
 * beyond: an exact count of 100k contacts visits every one of them on every page, for a figure nobody reads.
 */
export const LIST_TOTAL_CAP = 10_000;

/**
 * A new message as its notification carries it: with its conversation as the list shows it (the contact,
 * its last message and counters), so one notification updates both the history and the conversation list.
 * Whoever receives messages receives contacts too (notification-audience.ts), so it shows nobody more.
 */
export type MessageWithConversation = Message & { conversation?: Contact };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The conversations (contacts) a notification brings: a contact notification's records, or those its new
 * messages carry. What follows contacts live (the chat list, a contacts screen) reads both through this.
 */
export const conversationsIn = (notification: {
  module: string;
  data: readonly unknown[];
}): Partial<Contact>[] => {
  const records = notification.data.filter(isRecord);
  // Only whole contacts: a bulk change of many records or an import announces ids and counts instead.
  if (notification.module === 'contact') return records.filter((record) => isRecord(record.info));
  if (notification.module !== 'message') return [];
  return records.flatMap(({ conversation }) =>
    isRecord(conversation) ? [conversation as Partial<Contact>] : [],
  );
};
