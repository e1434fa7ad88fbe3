import type { Contact } from '@conversa/domain';

/** Contact fields a person may show in the conversation rows (user.custom_views.chat.columns). */
export const CHAT_COLUMNS = [
  'full_name',
  'phone',
  'email',
  'document',
  'country',
  'device',
  'stage',
  'tags',
] as const;
export type ChatColumn = (typeof CHAT_COLUMNS)[number];

export const DEFAULT_CHAT_COLUMNS: ChatColumn[] = ['full_name', 'phone'];

const isChatColumn = (value: unknown): value is ChatColumn =>
  typeof value === 'string' && (CHAT_COLUMNS as readonly string[]).includes(value);

/** The saved chat view's columns, unknown keys dropped; the default when nothing usable is saved. */
export const chatColumnsOf = (customViews: Record<string, unknown>): ChatColumn[] => {
  const chat = customViews.chat;
  const saved =
    typeof chat === 'object' && chat !== null && 'columns' in chat && Array.isArray(chat.columns)
      ? chat.columns.filter(isChatColumn)
      : [];
  return saved.length > 0 ? saved : DEFAULT_CHAT_COLUMNS;
};

export const columnValue = (contact: Contact, column: ChatColumn): string => {
  switch (column) {
    case 'device':
      return contact.device?.name ?? '';
    case 'stage':
      return contact.stage;
    case 'tags':
      return contact.tags.join(', ');
    case 'phone':
      return contact.info.phone ? `+${contact.info.phone}` : '';
    default:
      return contact.info[column];
  }
};
