import type { Message } from '@conversa/domain';

/** The message area's rows: a date chip before the first message of each day, oldest first. */
export type MessageRowItem =
  | { kind: 'day'; key: string; date: Date }
  | { kind: 'message'; key: string; message: Message };

export const dayKeyOf = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Messages must already be oldest first; the day is the reader's local day. */
export const groupByDay = (messages: readonly Message[]): MessageRowItem[] => {
  const items: MessageRowItem[] = [];
  let currentDay = '';
  for (const message of messages) {
    const date = new Date(message.timestamp);
    const day = dayKeyOf(date);
    if (day !== currentDay) {
      currentDay = day;
      items.push({ kind: 'day', key: `day-${day}`, date });
    }
    items.push({ kind: 'message', key: message.temp_id || message.id, message });
  }
  return items;
};
