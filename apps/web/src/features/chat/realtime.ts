import {
  type AccountBundle,
  type Contact,
  conversationsIn,
  type Device,
  type Message,
  type MessageWithConversation,
} from '@conversa/domain';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { accountQueryKey } from '../../shared/account/api/get-account';
import { useAccount } from '../../shared/account/use-account';
import { notify } from '../../shared/notify';
import { useSession } from '../../shared/session';
import { CONNECTED, type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { getEventsSince } from './api/get-events';
import { notesQueryKey } from './api/get-notes';
import { markRead } from './api/mark-read';
import {
  CHAT_LISTS_KEY,
  findChat,
  followLastMessage,
  patchChats,
  patchDeviceInChats,
  rememberLiveArrival,
  removeChat,
  upsertChat,
  upsertMessage,
  type Viewer,
} from './chat-cache';
import { getOpenConversation } from './open-conversation';

/** A customer's new message, with its conversation when the notification carried it (who holds it). */
export type IncomingAlert = { contactId: string; message: Message; conversation?: Contact };

type Context = {
  queryClient: QueryClient;
  viewer: Viewer;
  /** Called for a customer's new message, so the page can toast it (or not, on the chat page). */
  onIncoming: (alert: IncomingAlert) => void;
  onSendError: (message: Message) => void;
  accountKey: readonly unknown[] | null;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Chat queries whose answer in flight may predate a change: asked again once that answer has landed. */
const readBeforeChange = new WeakSet<Query>();
const watchedCaches = new WeakSet<QueryClient>();

const refetchOnceSettled = (queryClient: QueryClient): void => {
  if (watchedCaches.has(queryClient)) return;
  watchedCaches.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.state.fetchStatus !== 'idle') return;
    if (!readBeforeChange.delete(event.query)) return;
    void queryClient.refetchQueries({ queryKey: event.query.queryKey, exact: true });
  });
};

/**
 * A list or history still being fetched when a change arrives may have been read before that change was
 * committed: its answer would overwrite what the notification just applied (or, on a first load, land after
 * the notification found nothing to apply to). Such a query is fetched once more when that answer lands;
 * the new request starts after the commit the notification announced. Not cancelled and restarted: under a
 * steady stream of messages a restarted fetch would never finish.
 */
const refetchInFlight = (queryClient: QueryClient): void => {
  refetchOnceSettled(queryClient);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['chat'], fetchStatus: 'fetching' })) {
    readBeforeChange.add(query);
  }
};

/** A conversation changed (or is new): it takes its place in every loaded list and its own query. */
const showConversation = (queryClient: QueryClient, contact: Contact, viewer: Viewer): void => {
  // Our own reset may not have reached the server yet when this copy was made.
  const shown =
    getOpenConversation() === contact.id
      ? { ...contact, message: { ...contact.message, numpending: 0, numtotal: 0 } }
      : contact;
  upsertChat(queryClient, shown, viewer);
};

/** Turns one `notification` into cache updates (spec section 4, incoming message and assignment rules). */
export const applyChatNotification = (notification: Notification, context: Context): void => {
  const { queryClient, viewer } = context;
  const records = notification.data.filter(isObject);
  if (notification.module === 'message' || notification.module === 'contact') refetchInFlight(queryClient);
  switch (notification.module) {
    case 'message': {
      for (const { conversation, ...message } of records as MessageWithConversation[]) {
        // A new message carries its conversation: applied first, so the list names a new customer.
        if (conversation) showConversation(queryClient, conversation, viewer);
        const isCreate = notification.action === 'create';
        const isHistoryLoaded = upsertMessage(queryClient, message, { canInsert: isCreate });
        if (isCreate && !isHistoryLoaded) rememberLiveArrival(queryClient, message);
        if (message.fromMe) followLastMessage(queryClient, message);
        if (isCreate && !message.fromMe) {
          if (getOpenConversation() === message.contact_id) {
            // The person is looking at it: it is read already.
            patchChats(queryClient, [message.contact_id], (contact) => ({
              ...contact,
              message: { ...contact.message, numpending: 0, numtotal: 0 },
            }));
            void markRead(message.contact_id).catch(() => undefined);
          }
          context.onIncoming({
            contactId: message.contact_id,
            message,
            ...(conversation ? { conversation } : {}),
          });
        }
        if (message.fromMe && message.status === 'error' && message.owner === viewer.userId) {
          context.onSendError(message);
        }
      }
      return;
    }
    case 'contact': {
      if (notification.action === 'delete') {
        for (const record of records) if (typeof record.id === 'string') removeChat(queryClient, record.id);
        return;
      }
      if (notification.action === 'unlockmany') {
        const ids = records.map((record) => record.id).filter((id): id is string => typeof id === 'string');
        patchChats(queryClient, ids, (contact) => ({ ...contact, derivedto: '' }));
        void queryClient.invalidateQueries({ queryKey: CHAT_LISTS_KEY });
        return;
      }
      const contacts = conversationsIn(notification) as Contact[];
      // A bulk change or an import names records without their data: the lists are read again instead.
      if (contacts.length < records.length) void queryClient.invalidateQueries({ queryKey: CHAT_LISTS_KEY });
      for (const contact of contacts) showConversation(queryClient, contact, viewer);
      return;
    }
    case 'note': {
      const contactId = typeof notification.ref === 'string' ? notification.ref : undefined;
      void queryClient.invalidateQueries({
        queryKey: contactId ? notesQueryKey(contactId) : ['chat', 'notes'],
      });
      return;
    }
    case 'device': {
      const devices = records as Partial<Device>[];
      for (const device of devices) {
        if (typeof device.id !== 'string') continue;
        patchDeviceInChats(queryClient, {
          id: device.id,
          ...(device.name !== undefined ? { name: device.name } : {}),
          ...(device.status !== undefined ? { status: device.status } : {}),
          ...(device.color !== undefined ? { color: device.color } : {}),
        });
      }
      if (context.accountKey) {
        queryClient.setQueryData<AccountBundle>(context.accountKey, (bundle) =>
          bundle
            ? { ...bundle, list_device: mergeDevices(bundle.list_device, devices, notification.action) }
            : bundle,
        );
      }
      return;
    }
    case 'user':
      void queryClient.invalidateQueries({ queryKey: ['chat', 'users'] });
      return;
  }
};

const mergeDevices = (listed: unknown[], changed: Partial<Device>[], action: string): unknown[] => {
  const ids = new Set(changed.map((device) => device.id));
  const kept = listed.filter((device) => !(isObject(device) && ids.has(device.id as string)));
  if (action === 'delete') return kept;
  const merged = changed.map((device) => ({
    ...(listed.find((old) => isObject(old) && old.id === device.id) as object | undefined),
    ...device,
  }));
  return [...kept, ...merged];
};

/**
 * Keeps the chat caches live from socket notifications, everywhere in the app. Delivery is at most once,
 * so after a reconnect it asks the server for every event after the last seq it saw; without that route
 * (or without a seq yet) it refetches the chat queries instead.
 */
export const useChatRealtime = (handlers: Pick<Context, 'onIncoming' | 'onSendError'>): void => {
  const queryClient = useQueryClient();
  const session = useSession();
  const { user } = useAccount();
  const lastSeq = useRef(0);
  const context = (): Context => ({
    queryClient,
    viewer: { userId: user.id, fixed: user.fixed },
    accountKey: session ? accountQueryKey(session) : null,
    ...handlers,
  });

  useSocketEvent<Notification & { seq?: number }>('notification', (notification) => {
    if (typeof notification.seq === 'number') lastSeq.current = Math.max(lastSeq.current, notification.seq);
    applyChatNotification(notification, context());
  });

  const hasConnected = useRef(false);
  // Lists loaded while the socket was still opening may have missed a message: look once more.
  useSocketEvent(CONNECTED, () => {
    if (hasConnected.current) return;
    hasConnected.current = true;
    void queryClient.invalidateQueries({ queryKey: CHAT_LISTS_KEY });
  });

  useSocketEvent(RECONNECTED, () => {
    void catchUp(lastSeq.current, context()).then(
      (seq) => {
        lastSeq.current = Math.max(lastSeq.current, seq);
      },
      () => void queryClient.invalidateQueries({ queryKey: ['chat'] }),
    );
  });
};

const catchUp = async (since: number, context: Context): Promise<number> => {
  if (since === 0) {
    await context.queryClient.invalidateQueries({ queryKey: ['chat'] });
    return since;
  }
  let seq = since;
  // A quiet catch-up: the missed messages appear, but nothing toasts or beeps for them.
  const quiet: Context = { ...context, onIncoming: () => undefined, onSendError: () => undefined };
  for (;;) {
    const { events, total } = await getEventsSince(seq);
    for (const event of events) {
      applyChatNotification(event, quiet);
      seq = Math.max(seq, event.seq);
    }
    if (events.length === 0 || total <= events.length) return seq;
  }
};

/** The conversation's display name for a toast, from the cached list when it is there. */
export const contactNameOf = (queryClient: QueryClient, contactId: string): string | undefined =>
  findChat(queryClient, contactId)?.info.full_name;

export const notifySendError = (text: string): void => notify(text, 'error');
