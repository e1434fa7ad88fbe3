import { type ChatListQuery, INACTIVE_AFTER_HOURS } from '@conversa/domain';
import { eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { contacts } from '../../core/db/schema';
import { escapeLike } from '../../core/http/search-query';

export type ChatListViewer = { userId: string; timezone: string };

/**
 * THE definition of the conversation list's filters and options (packages/domain/src/chat.ts), as SQL.
 * Used by `contact/chats` and by `contact/unlockchatmany` (whose `find` is the same query), nowhere else.
 * A conversation is a contact with at least one message (last_message_at set).
 */
export const chatListConditions = (query: ChatListQuery, viewer: ChatListViewer): SQL[] => {
  const conditions: SQL[] = [isNotNull(contacts.last_message_at)];
  // All: every conversation. AllInactive: the customer never wrote or last wrote before the window, so
  // the providers' service window is closed and only templates reach them.
  if (query.filter === 'AllInactive') {
    const windowStart = sql`now() - make_interval(hours => ${INACTIVE_AFTER_HOURS})`;
    conditions.push(
      sql`(${contacts.last_inbound_at} is null or ${contacts.last_inbound_at} < ${windowStart})`,
    );
  }

  switch (query.option) {
    case 'myContacts':
      conditions.push(eq(contacts.derivedto, viewer.userId));
      break;
    case 'myDeriveds':
      conditions.push(sql`${contacts.owner} @> ${JSON.stringify([viewer.userId])}::jsonb`);
      break;
    case 'floatContacts':
      conditions.push(eq(contacts.derivedto, ''));
      break;
    case 'todayMsg':
      // Midnight of today in the company's time zone, as an instant.
      conditions.push(
        sql`${contacts.last_message_at} >= (date_trunc('day', now() at time zone ${viewer.timezone}) at time zone ${viewer.timezone})`,
      );
      break;
    case 'unread':
      conditions.push(sql`${contacts.numpending} > 0`);
      break;
    case 'allMessages':
      break;
  }

  if (query.search !== '') {
    // lower(full_name) LIKE matches the pg_trgm GIN index on lower(full_name).
    conditions.push(sql`lower(${contacts.full_name}) like ${`%${escapeLike(query.search.toLowerCase())}%`}`);
  }
  return conditions;
};
