import type { Contact, Message, MessageWithConversation } from '@conversa/domain';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type ChatListParams, chatListQueryKey } from './api/get-chats';
import { liveArrivalsPage, messagesKeyOf, type Page, type Pages } from './chat-cache';
import { applyChatNotification, contactNameOf, type IncomingAlert } from './realtime';
import { makeContact, makeMessage } from './test/chat-fixtures';

const params: ChatListParams = { filter: 'All', option: 'allMessages', search: '' };

const withLastMessage = (id: string, name: string, timestamp: string): Contact =>
  makeContact({
    id,
    info: { ...makeContact().info, full_name: name },
    message: {
      numpending: 1,
      numtotal: 1,
      info: { ...makeMessage({ id: `m-${id}`, contact_id: id, timestamp }), type_msg: 'chat', fromMe: false },
    } as Contact['message'],
  });

const earlier = withLastMessage('k1', 'Bruno Díaz', '2026-03-12T15:00:00.000Z');
const arriving = withLastMessage('k2', 'Carla Soto', '2026-03-12T16:00:00.000Z');
const before: Page<Contact> = { items: [earlier], total: 1 };
const after: Page<Contact> = { items: [arriving, earlier], total: 2 };

/**
 * A mounted conversation list whose server answers in turn: a promise the test settles by hand (an answer
 * read before the new conversation was committed) or a page answered at once.
 */
const mountList = (answers: ('held' | Page<Contact>)[]) => {
  const queryClient = new QueryClient();
  let release: (page: Page<Contact>) => void = () => undefined;
  let calls = 0;
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: chatListQueryKey(params),
    queryFn: () => {
      const answer = answers[Math.min(calls, answers.length - 1)] ?? after;
      calls += 1;
      return answer === 'held' ? new Promise<Page<Contact>>((resolve) => (release = resolve)) : answer;
    },
    initialPageParam: 1,
    getNextPageParam: () => undefined,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    queryClient,
    calls: () => calls,
    release: (page: Page<Contact>) => release(page),
    listed: () =>
      queryClient
        .getQueryData<Pages<Contact>>(chatListQueryKey(params))
        ?.pages.flatMap((page) => page.items.map((item) => item.id)),
    unsubscribe,
  };
};

const notifyArrival = (queryClient: QueryClient) =>
  applyChatNotification(
    { module: 'contact', action: 'update', data: [arriving] },
    {
      queryClient,
      viewer: { userId: 'u1', fixed: [] },
      onIncoming: () => undefined,
      onSendError: () => undefined,
      accountKey: null,
    },
  );

describe('applyChatNotification while the list is being fetched', () => {
  it('on the first load, asks again once the answer read before the new conversation has landed', async () => {
    const list = mountList(['held', after]);
    await expect.poll(list.calls).toBe(1);

    notifyArrival(list.queryClient);
    list.release(before);

    await expect.poll(list.listed).toEqual(['k2', 'k1']);
    expect(list.calls()).toBe(2);
    list.unsubscribe();
  });

  it('during a refresh of a loaded list, the conversation just added survives the older answer', async () => {
    const list = mountList([before, 'held', after]);
    await expect.poll(list.listed).toEqual(['k1']);
    void list.queryClient.invalidateQueries({ queryKey: chatListQueryKey(params) });
    await expect.poll(list.calls).toBe(2);

    notifyArrival(list.queryClient);
    expect(list.listed()).toEqual(['k2', 'k1']);
    list.release(before);

    await expect.poll(list.calls).toBe(3);
    await expect.poll(list.listed).toEqual(['k2', 'k1']);
    list.unsubscribe();
  });

  it('under a stream of changes, a fetch still lands (never restarted) and is asked again once', async () => {
    const list = mountList(['held', 'held', after]);
    await expect.poll(list.calls).toBe(1);
    for (let index = 0; index < 5; index += 1) notifyArrival(list.queryClient);
    expect(list.calls()).toBe(1);

    list.release(before);
    await expect.poll(list.calls).toBe(2);
    // The first answer is shown while the second is on its way: the list is never left empty.
    expect(list.listed()).toEqual(['k1']);
    list.release(after);
    await expect.poll(list.listed).toEqual(['k2', 'k1']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list.calls()).toBe(2);
    list.unsubscribe();
  });
});

describe('a message that arrives live for a conversation whose history is not loaded', () => {
  const context = (queryClient: QueryClient) => ({
    queryClient,
    viewer: { userId: 'u1', fixed: [] },
    onIncoming: () => undefined,
    onSendError: () => undefined,
    accountKey: null,
  });

  it('is shown at once when the conversation is opened, before its history arrives', () => {
    const queryClient = new QueryClient();
    const first = makeMessage({ id: 'm1', contact_id: 'k9', body: 'Buenas tardes' });
    const second = makeMessage({ id: 'm2', contact_id: 'k9', body: '¿Atienden hoy?' });
    for (const message of [first, second, first]) {
      applyChatNotification({ module: 'message', action: 'create', data: [message] }, context(queryClient));
    }

    expect(liveArrivalsPage(queryClient, 'k9')?.pages[0]?.items.map((item) => item.body)).toEqual([
      '¿Atienden hoy?',
      'Buenas tardes',
    ]);
    expect(liveArrivalsPage(queryClient, 'k1')).toBeUndefined();
  });

  it('is not kept aside when the history is loaded: the history receives it', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Pages<Message>>(messagesKeyOf('k9'), {
      pages: [{ items: [], total: 0 }],
      pageParams: [1],
    });
    const message = makeMessage({ id: 'm3', contact_id: 'k9', body: 'Hola' });
    applyChatNotification({ module: 'message', action: 'create', data: [message] }, context(queryClient));

    expect(liveArrivalsPage(queryClient, 'k9')).toBeUndefined();
    expect(queryClient.getQueryData<Pages<Message>>(messagesKeyOf('k9'))?.pages[0]?.items).toEqual([message]);
  });
});

describe('one notification for a new message', () => {
  const unread: ChatListParams = { filter: 'All', option: 'unread', search: '' };
  const pinned = withLastMessage('kp', 'Ana Pérez', '2026-03-12T09:00:00.000Z');
  const listed = withLastMessage('k1', 'Bruno Díaz', '2026-03-12T15:00:00.000Z');
  const older = makeMessage({ id: 'm-old', contact_id: 'k1', body: 'Hola' });

  /** An agent's screen: the full list (Ana pinned), the unread list, and Bruno's history open in the cache. */
  const screen = () => {
    const queryClient = new QueryClient();
    const page = <T>(items: T[]) => ({ pages: [{ items, total: items.length }], pageParams: [1] });
    queryClient.setQueryData(chatListQueryKey(params), page([pinned, listed]));
    queryClient.setQueryData(chatListQueryKey(unread), page<Contact>([]));
    queryClient.setQueryData(messagesKeyOf('k1'), page([older]));
    const alerts: IncomingAlert[] = [];
    const apply = (record: MessageWithConversation) =>
      applyChatNotification(
        { module: 'message', action: 'create', data: [record] },
        {
          queryClient,
          viewer: { userId: 'u1', fixed: ['kp'] },
          onIncoming: (alert) => alerts.push(alert),
          onSendError: () => undefined,
          accountKey: null,
        },
      );
    const list = (key: ChatListParams) =>
      queryClient.getQueryData<Pages<Contact>>(chatListQueryKey(key))?.pages.flatMap((p) => p.items) ?? [];
    const history = (contactId: string) =>
      queryClient.getQueryData<Pages<Message>>(messagesKeyOf(contactId))?.pages.flatMap((p) => p.items);
    return { queryClient, apply, alerts, list, history };
  };

  /** What the server sends: the message, and its conversation with the new last message and counters. */
  const arrival = (contact: Contact, message: Message, numpending: number): MessageWithConversation => ({
    ...message,
    conversation: {
      ...contact,
      message: {
        numpending,
        numtotal: numpending,
        info: { ...message, type_msg: message.type, device_id: message.device_id ?? '' },
      },
    },
  });

  it("updates the open history and the conversation's row, counters and place from that one notification", () => {
    const { apply, list, history } = screen();
    const message = makeMessage({
      id: 'm-new',
      message_id: 'ext-new',
      contact_id: 'k1',
      body: '¿Tienen hora?',
      timestamp: '2026-03-12T17:00:00.000Z',
    });
    apply(arrival(listed, message, 2));

    expect(history('k1')).toEqual([message, older]);
    expect(list(params).map((item) => [item.id, item.message.numpending, item.message.info?.body])).toEqual([
      ['kp', 1, 'Hola'],
      ['k1', 2, '¿Tienen hora?'],
    ]);
    expect(list(unread).map((item) => item.id)).toEqual(['k1']);
  });

  it("a new customer's conversation appears under the pinned one, named in the toast, its message kept for opening", () => {
    const { queryClient, apply, alerts, list } = screen();
    const carla = withLastMessage('k3', 'Carla Soto', '2026-03-12T18:00:00.000Z');
    const message = makeMessage({
      id: 'm-k3',
      message_id: 'ext-k3',
      contact_id: 'k3',
      body: 'Necesito cambiar mi cita',
      timestamp: '2026-03-12T18:00:00.000Z',
    });
    apply(arrival(carla, message, 1));

    expect(list(params).map((item) => item.id)).toEqual(['kp', 'k3', 'k1']);
    expect(queryClient.getQueryData<Pages<Contact>>(chatListQueryKey(params))?.pages[0]?.total).toBe(3);
    // With its conversation: who holds it decides which alert family it belongs to.
    expect(alerts).toEqual([
      { contactId: 'k3', message, conversation: expect.objectContaining({ id: 'k3' }) },
    ]);
    expect(contactNameOf(queryClient, 'k3')).toBe('Carla Soto');
    expect(liveArrivalsPage(queryClient, 'k3')?.pages[0]?.items).toEqual([message]);
  });
});

describe('a contact notification that names records without their data', () => {
  it('an import or a large bulk change adds no row and has the conversation lists read again', async () => {
    const list = mountList([before, after]);
    await expect.poll(list.listed).toEqual(['k1']);
    applyChatNotification(
      { module: 'contact', action: 'import', data: [{ id: 'job-1', created: 40 }] },
      {
        queryClient: list.queryClient,
        viewer: { userId: 'u1', fixed: [] },
        onIncoming: () => undefined,
        onSendError: () => undefined,
        accountKey: null,
      },
    );
    expect(list.listed()).toEqual(['k1']);
    await expect.poll(list.listed).toEqual(['k2', 'k1']);
    expect(list.calls()).toBe(2);
    list.unsubscribe();
  });
});
