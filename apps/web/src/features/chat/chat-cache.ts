import { type Contact, isStatusAdvance, type Message, PAGE_SIZE } from '@conversa/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatListParams } from './api/get-chats';

/**
 * How the chat caches change without a refetch: the realtime events, the optimistic actions and the
 * server's answers all go through these functions, so a record is merged the same way whoever brings it.
 */
/** `more`: the list holds more than `total` (a capped count, shown as "10.000+"). */
export type Page<T> = { items: T[]; total: number; more?: boolean };
export type Pages<T> = InfiniteData<Page<T>, number>;

export const CHAT_LISTS_KEY = ['chat', 'list'] as const;
export const messagesKeyOf = (contactId: string) => ['chat', 'messages', contactId] as const;
/** Messages that arrived live for a conversation whose history is not loaded (shown while it loads). */
export const liveArrivalsKeyOf = (contactId: string) => ['chat', 'live', contactId] as const;
export const contactKeyOf = (contactId: string) => ['chat', 'contact', contactId] as const;

export type Viewer = { userId: string; fixed: readonly string[] };

const timeOf = (contact: Contact): number => {
  const stamp = contact.message.info?.timestamp;
  return stamp ? Date.parse(stamp) : 0;
};

/** The server's order: pinned first, then the latest conversation first. */
export const compareChats =
  (fixed: readonly string[]) =>
  (a: Contact, b: Contact): number => {
    const pinned = Number(fixed.includes(b.id)) - Number(fixed.includes(a.id));
    return pinned !== 0 ? pinned : timeOf(b) - timeOf(a);
  };

const isSameLocalDay = (iso: string, now: Date) => new Date(iso).toDateString() === now.toDateString();

/**
 * Whether a conversation belongs in a list, as far as the client can tell (packages/domain chat.ts holds
 * the definitions); undefined when it cannot, and then only a conversation already listed is updated.
 */
export const matchesChatParams = (
  contact: Contact,
  params: ChatListParams,
  viewer: Viewer,
): boolean | undefined => {
  const last = contact.message.info;
  if (!last) return false;
  const name = contact.info.full_name.toLowerCase();
  if (params.search !== '' && !name.includes(params.search.toLowerCase())) return false;
  switch (params.option) {
    case 'myContacts':
      if (contact.derivedto !== viewer.userId) return false;
      break;
    case 'floatContacts':
      if (contact.derivedto !== '') return false;
      break;
    case 'unread':
      if (contact.message.numpending === 0) return false;
      break;
    case 'myDeriveds':
      if (!contact.owner.includes(viewer.userId)) return false;
      break;
    case 'todayMsg':
      if (!isSameLocalDay(last.timestamp, new Date())) return false;
      break;
    case 'allMessages':
      break;
  }
  // 'All' is every conversation; a customer who has just written has an open window, so not 'AllInactive'.
  if (params.filter === 'All') return true;
  const isFreshInbound = !last.fromMe && Date.now() - Date.parse(last.timestamp) < 60 * 60_000;
  return isFreshInbound ? false : undefined;
};

const rechunk = (items: Contact[], data: Pages<Contact>, totalDelta: number): Pages<Contact> => {
  let offset = 0;
  const pages = data.pages.map((page, index) => {
    const isLast = index === data.pages.length - 1;
    const size = isLast ? items.length - offset : page.items.length;
    const chunk = items.slice(offset, offset + size);
    offset += size;
    return { items: chunk, total: Math.max(0, page.total + totalDelta) };
  });
  return { ...data, pages };
};

const dedupe = (contacts: Contact[]): Contact[] => {
  const byId = new Map<string, Contact>();
  for (const contact of contacts) if (!byId.has(contact.id)) byId.set(contact.id, contact);
  return [...byId.values()];
};

/**
 * A later copy of a conversation replaces the listed one, except that its last message's status never moves
 * back: a copy made before the send went out may arrive after the message's own update.
 */
const mergeChat = (current: Contact, incoming: Contact): Contact => {
  const shown = current.message.info;
  const last = incoming.message.info;
  if (!shown || !last || shown.id !== last.id || !isStatusAdvance(last.status, shown.status)) return incoming;
  return { ...incoming, message: { ...incoming.message, info: { ...last, status: shown.status } } };
};

/** Puts a changed or new conversation where it belongs in every loaded list. */
export const upsertChat = (queryClient: QueryClient, contact: Contact, viewer: Viewer): void => {
  for (const [key, data] of queryClient.getQueriesData<Pages<Contact>>({ queryKey: CHAT_LISTS_KEY })) {
    if (!data) continue;
    const params = key[2] as ChatListParams | undefined;
    if (!params) continue;
    const items = dedupe(data.pages.flatMap((page) => page.items));
    const index = items.findIndex((item) => item.id === contact.id);
    const fits = matchesChatParams(contact, params, viewer);
    let delta = 0;
    if (index >= 0 && fits === false) {
      items.splice(index, 1);
      delta = -1;
    } else if (index >= 0) {
      items[index] = mergeChat(items[index] as Contact, contact);
    } else if (fits === true) {
      items.push(contact);
      delta = 1;
    } else {
      continue;
    }
    items.sort(compareChats(viewer.fixed));
    queryClient.setQueryData<Pages<Contact>>(key, rechunk(items, data, delta));
  }
  queryClient.setQueryData<Contact>(contactKeyOf(contact.id), (current) =>
    current ? mergeChat(current, contact) : current,
  );
};

/** Changes fields of listed conversations (the assignee after a bulk release, counters after reading). */
export const patchChats = (
  queryClient: QueryClient,
  ids: readonly string[],
  patch: (contact: Contact) => Contact,
) => {
  queryClient.setQueriesData<Pages<Contact>>({ queryKey: CHAT_LISTS_KEY }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (ids.includes(item.id) ? patch(item) : item)),
          })),
        }
      : data,
  );
  for (const id of ids) {
    queryClient.setQueryData<Contact>(contactKeyOf(id), (current) => (current ? patch(current) : current));
  }
};

export const removeChat = (queryClient: QueryClient, id: string) => {
  queryClient.setQueriesData<Pages<Contact>>({ queryKey: CHAT_LISTS_KEY }, (data) => {
    if (!data) return data;
    const items = data.pages.flatMap((page) => page.items);
    if (!items.some((item) => item.id === id)) return data;
    return rechunk(
      items.filter((item) => item.id !== id),
      data,
      -1,
    );
  });
};

/** Re-sorts the loaded lists after a pin or unpin, at once, without asking the server. */
export const resortChats = (queryClient: QueryClient, fixed: readonly string[]) => {
  queryClient.setQueriesData<Pages<Contact>>({ queryKey: CHAT_LISTS_KEY }, (data) =>
    data
      ? rechunk(dedupe(data.pages.flatMap((page) => page.items)).sort(compareChats(fixed)), data, 0)
      : data,
  );
};

export const findChat = (queryClient: QueryClient, id: string): Contact | undefined => {
  const single = queryClient.getQueryData<Contact>(contactKeyOf(id));
  if (single) return single;
  for (const [, data] of queryClient.getQueriesData<Pages<Contact>>({ queryKey: CHAT_LISTS_KEY })) {
    const found = data?.pages.flatMap((page) => page.items).find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
};

const sameMessage = (a: Message, b: Message): boolean =>
  a.id === b.id ||
  (a.temp_id !== '' && a.temp_id === b.temp_id) ||
  (a.message_id !== '' && a.message_id === b.message_id);

/** A later copy replaces an earlier one, but a status never moves back (receipts arrive out of order). */
const mergeMessage = (current: Message, incoming: Message): Message => {
  const status =
    current.status === incoming.status || isStatusAdvance(current.status, incoming.status)
      ? incoming.status
      : current.status;
  // The temp id keeps the row's React key stable when the server record replaces the optimistic copy.
  return { ...incoming, status, temp_id: incoming.temp_id || current.temp_id };
};

/**
 * Adds or replaces a message of an open conversation: matched by id, temp_id or provider id, so the
 * optimistic copy, the POST answer and the realtime event always end as one row.
 * Answers whether the conversation's messages are loaded at all.
 */
export const upsertMessage = (
  queryClient: QueryClient,
  message: Message,
  options: { canInsert?: boolean } = {},
): boolean => {
  const key = messagesKeyOf(message.contact_id);
  const data = queryClient.getQueryData<Pages<Message>>(key);
  if (!data) return false;
  let isFound = false;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => {
      if (!sameMessage(item, message)) return item;
      isFound = true;
      return mergeMessage(item, message);
    }),
  }));
  if (!isFound) {
    if (options.canInsert === false) return true;
    const [first, ...rest] = pages;
    const newest = first ?? { items: [], total: 0 };
    pages.splice(0, pages.length, { items: [message, ...newest.items], total: newest.total + 1 }, ...rest);
  }
  queryClient.setQueryData<Pages<Message>>(key, { ...data, pages });
  return true;
};

/**
 * Keeps a message that arrived live for a conversation whose history is not loaded: opening it shows these
 * at once while the history is fetched (an agent opens a new conversation the moment it appears). Kept in
 * the query cache, so a sign-out clears them with everything else.
 */
export const rememberLiveArrival = (queryClient: QueryClient, message: Message): void => {
  queryClient.setQueryData<Message[]>(liveArrivalsKeyOf(message.contact_id), (known = []) =>
    known.some((item) => item.id === message.id)
      ? known.map((item) => (item.id === message.id ? message : item))
      : [message, ...known].slice(0, PAGE_SIZE.messages),
  );
};

/** What a conversation shows before its history arrives: the messages that arrived live, if any. */
export const liveArrivalsPage = (queryClient: QueryClient, contactId: string): Pages<Message> | undefined => {
  const items = queryClient.getQueryData<Message[]>(liveArrivalsKeyOf(contactId));
  return items && items.length > 0 ? { pages: [{ items, total: items.length }], pageParams: [1] } : undefined;
};

/**
 * The conversation's row shows its last message's status: when that message changes (the optimistic copy
 * answered by the server, a send or a receipt) the row's icon follows the bubble's.
 */
export const followLastMessage = (queryClient: QueryClient, message: Message): void => {
  const ids = [message.id, message.temp_id].filter((id) => id !== '');
  const follow = (contact: Contact): Contact => {
    const last = contact.message.info;
    if (!last || !ids.includes(last.id)) return contact;
    const status =
      last.status === message.status || isStatusAdvance(last.status, message.status)
        ? message.status
        : last.status;
    if (last.id === message.id && status === last.status && last.message_id === message.message_id) {
      return contact;
    }
    return {
      ...contact,
      message: {
        ...contact.message,
        info: { ...last, id: message.id, status, message_id: message.message_id },
      },
    };
  };
  patchChats(queryClient, [message.contact_id], follow);
};

/** Applies a change to one message of a conversation, found by temp id (an optimistic copy that failed). */
export const patchMessage = (
  queryClient: QueryClient,
  contactId: string,
  tempId: string,
  patch: Partial<Message>,
) => {
  queryClient.setQueryData<Pages<Message>>(messagesKeyOf(contactId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.temp_id === tempId ? { ...item, ...patch } : item)),
          })),
        }
      : data,
  );
};

type DevicePatch = { id: string; name?: string; status?: 'connected' | 'disconnected'; color?: string };

/** A device changed (connected, renamed): every conversation through it shows the change. */
export const patchDeviceInChats = (queryClient: QueryClient, device: DevicePatch) => {
  const apply = (contact: Contact): Contact =>
    contact.device?.id === device.id
      ? {
          ...contact,
          device: {
            ...contact.device,
            ...(device.name !== undefined ? { name: device.name } : {}),
            ...(device.status !== undefined ? { status: device.status } : {}),
            ...(device.color !== undefined ? { color: device.color } : {}),
          },
        }
      : contact;
  queryClient.setQueriesData<Pages<Contact>>({ queryKey: CHAT_LISTS_KEY }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(apply) })) } : data,
  );
  queryClient.setQueriesData<Contact>({ queryKey: ['chat', 'contact'] }, (contact) =>
    contact ? apply(contact) : contact,
  );
};
