import { type ChatListQuery, INACTIVE_AFTER_HOURS } from '@conversa/domain';
import { and, type Column, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { contactOwners, contacts } from '../../core/db/schema';
import { escapeLike } from '../../core/http/search-query';

/** Who looks at the list; `timezone` is the company's, where today starts for todayMsg. */
export type ChatListViewer = { clientId: string; userId: string; timezone: string };

/**
 * AllInactive: the customer never wrote or last wrote before the window, so the providers' service window
 * is closed and only templates reach them.
 */
const inactive = (lastInboundAt: Column): SQL => {
  const windowStart = sql`now() - make_interval(hours => ${INACTIVE_AFTER_HOURS})`;
  return sql`(${lastInboundAt} is null or ${lastInboundAt} < ${windowStart})`;
};

/** The viewer's rows of contact_owners that are conversations: myDeriveds. */
const ownedByViewer = (viewer: ChatListViewer): SQL =>
  sql`${contactOwners.client_id} = ${viewer.clientId} and ${contactOwners.user_id} = ${viewer.userId} and ${contactOwners.is_conversation}`;

/**
 * THE definition of the conversation list's filters and options (packages/domain/src/chat.ts), as SQL.
 * Used by `contact/chats` and by `contact/unlockchatmany` (whose `find` is the same query), nowhere else.
 * A conversation is a contact with at least one message (last_message_at set).
 */
export const chatListConditions = (query: ChatListQuery, viewer: ChatListViewer): SQL[] => {
  const conditions: SQL[] = [isNotNull(contacts.last_message_at)];
  if (query.filter === 'AllInactive') conditions.push(inactive(contacts.last_inbound_at));

  switch (query.option) {
    case 'myContacts':
      conditions.push(eq(contacts.derivedto, viewer.userId));
      break;
    case 'myDeriveds':
      conditions.push(
        sql`${contacts.id} in (select ${contactOwners.contact_id} from ${contactOwners} where ${ownedByViewer(viewer)})`,
      );
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

/**
 * Where the list's total can be counted on contact_owners alone: myDeriveds without a name search. The
 * same conversations as chatListConditions selects (the triggers keep each row's conversation state and
 * last inbound time equal to its contact's), counted index-only instead of one contact's page each.
 */
export const ownedTotalCondition = (query: ChatListQuery, viewer: ChatListViewer): SQL | undefined => {
  if (query.option !== 'myDeriveds' || query.search !== '') return undefined;
  const owned = ownedByViewer(viewer);
  return query.filter === 'AllInactive' ? and(owned, inactive(contactOwners.last_inbound_at)) : owned;
};
