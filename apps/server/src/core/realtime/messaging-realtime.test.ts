import type { AddressInfo } from 'node:net';
import type { Contact, Envelope, Message, MessageWithConversation } from '@conversa/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUser } from '../../test/company-fixture';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  newPhone,
  type SandboxDevice,
} from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { DEMO_LOGINS } from '../db/seed-logins';
import type { PublishedNotification } from './realtime-events.repository';

let testApp: TestApp;
let url: string;
let owner: Session;
let agent: Session;
let supervisor: Session;
let viewer: Session;
let other: Session;
let device: SandboxDevice;
let otherDevice: SandboxDevice;
const sockets = createTestSockets();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  [owner, agent, supervisor, viewer] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
    login(testApp.app, DEMO_LOGINS.supervisor.email, DEMO_LOGINS.supervisor.password),
    login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password),
  ]);
  other = await signupCompany(testApp.app);
  device = await createSandboxDevice(testApp.app, owner.token);
  otherDevice = await createSandboxDevice(testApp.app, other.token);
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const listen = (session: Session) => sockets.listen(url, session.token);

const ask = (socket: Socket, request: Record<string, unknown>) =>
  new Promise<Envelope<Message>>((resolve) =>
    socket.emit('Apiv1', request, (answer: Envelope<Message>) => resolve(answer)),
  );

describe('messaging notifications', () => {
  it('an inbound message is one notification per socket, carrying its conversation; never to another company', async () => {
    // The owner, an agent, a supervisor and a viewer hold different keys (chat.view with or without
    // contact.view): each gets the message once, and nothing else about it.
    const mine = await Promise.all([owner, agent, supervisor, viewer].map(listen));
    const b = await listen(other);
    const phone = newPhone();
    await deliver(testApp.app, device, { phone, name: 'Rita Realtime', body: 'realtime hello' });
    await deliver(testApp.app, otherDevice, { phone: newPhone(), body: 'other company hello' });
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    const isAbout = (n: PublishedNotification) => JSON.stringify(n).includes(contact.id);
    for (const { seen } of mine) {
      await expect
        .poll(() => seen.find(isAbout))
        .toMatchObject({
          module: 'message',
          action: 'create',
          ref: contact.id,
          seq: expect.any(Number),
          data: [
            {
              body: 'realtime hello',
              fromMe: false,
              conversation: {
                id: contact.id,
                info: { full_name: 'Rita Realtime', phone },
                message: { numpending: 1, numtotal: 1, info: { body: 'realtime hello' } },
              },
            },
          ],
        });
    }
    await expect.poll(() => b.seen.some((n) => JSON.stringify(n).includes('other company hello'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const { seen } of mine) {
      expect(seen.filter(isAbout)).toHaveLength(1);
      expect(seen.some((n) => JSON.stringify(n).includes('other company hello'))).toBe(false);
    }
    expect(
      b.seen.some(
        (n) => JSON.stringify(n).includes(contact.id) || JSON.stringify(n).includes('realtime hello'),
      ),
    ).toBe(false);
    for (const { socket } of mine) socket.disconnect();
    b.socket.disconnect();
  });

  it('someone who sees contacts but not the chat gets the conversation of a message, not the message', async () => {
    const email = `contacts-only-${Date.now()}@example.com`;
    const created = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: { name: 'Contacts Only', email, password: 'Staff#Pass2026', access: ['contact.view'] },
    });
    expect(created.status).toBe(200);
    const { seen, socket } = await listen(await login(testApp.app, email, 'Staff#Pass2026'));
    const phone = newPhone();
    await deliver(testApp.app, device, { phone, name: 'Carla Contacts', body: 'private words' });
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    await expect
      .poll(() => seen.find((n) => n.module === 'message' && n.ref === contact.id))
      .toMatchObject({ data: [{ conversation: { id: contact.id, message: { numtotal: 1 } } }] });
    // The contacts screens follow the conversation's counts; the message record stays out.
    const notification = seen.find((n) => n.module === 'message' && n.ref === contact.id);
    expect(Object.keys(notification?.data[0] as object)).toEqual(['conversation']);
    socket.disconnect();
  });

  it("someone who sees contacts but not the chat never reads a message's text: live, in the catch-up or in contact answers", async () => {
    const contactsOnly = await staffUser(testApp.app, owner.clientId, 'Staff', ['contact.view']);
    // The demo viewer holds chat.view without contact.view: the chat's reader, who still gets the text.
    const [crm, chat] = await Promise.all([listen(contactsOnly), listen(viewer)]);
    const phone = newPhone();
    const text = `words for the chat only ${phone}`;
    await deliver(testApp.app, device, { phone, name: 'Nora Notext', body: text });
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    // A contact notification too: a change of the contact carries its conversation with the last message.
    const starred = await call(testApp.app, 'PUT', `/api/v1/en/contact/updateone/${contact.id}`, {
      token: owner.token,
      body: { starred: true },
    });
    expect(starred.status).toBe(200);

    const isStarred = (n: PublishedNotification) =>
      n.module === 'contact' && n.data.some((item) => (item as Partial<Contact>).starred === true);
    const aboutIt = (n: PublishedNotification) => JSON.stringify(n).includes(contact.id);
    for (const { seen } of [crm, chat]) {
      await expect.poll(() => seen.find((n) => n.module === 'message' && n.ref === contact.id)).toBeDefined();
      await expect.poll(() => seen.find((n) => isStarred(n) && aboutIt(n))).toBeDefined();
    }
    const liveToCrm = crm.seen.filter(aboutIt);
    expect(liveToCrm.find(isStarred)?.data[0]).toMatchObject({
      id: contact.id,
      message: { numtotal: 1, info: { body: '', fromMe: false, type_msg: 'chat' } },
    });
    expect(JSON.stringify(liveToCrm)).not.toContain(text);
    expect(JSON.stringify(chat.seen.filter(aboutIt).find(isStarred))).toContain(text);

    const replay = async (session: Session) => {
      const answer = await call<PublishedNotification>(testApp.app, 'GET', '/api/v1/en/events?since=0', {
        token: session.token,
      });
      expect(answer.status).toBe(200);
      return answer.body.data.filter(aboutIt);
    };
    const replayedToCrm = await replay(contactsOnly);
    expect(replayedToCrm.map((n) => n.module).sort()).toEqual(['contact', 'message']);
    expect(JSON.stringify(replayedToCrm)).not.toContain(text);
    expect(JSON.stringify(await replay(viewer))).toContain(text);

    // What the contact routes answer: the conversation's last message, its text blank.
    const search = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: contactsOnly.token,
      body: { filters: [{ key: 'info.phone', condition: 'equalto', value: phone }] },
    });
    const one = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${contact.id}`, {
      token: contactsOnly.token,
    });
    for (const answer of [search, one]) {
      expect(answer.status).toBe(200);
      expect(answer.body.data[0]?.message.info).toMatchObject({ body: '', type_msg: 'chat' });
      expect(JSON.stringify(answer.body)).not.toContain(text);
    }
    const history = await call(testApp.app, 'POST', `/api/v1/en/message/contact/${contact.id}`, {
      token: contactsOnly.token,
      body: {},
    });
    expect(history.status).toBe(403);
    const forChat = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${contact.id}`, {
      token: viewer.token,
    });
    expect(forChat.body.data[0]?.message.info?.body).toBe(text);
    crm.socket.disconnect();
    chat.socket.disconnect();
  });

  it('webhooks arriving together are each stored once, counted right and announced in order, per company', async () => {
    const a = await listen(owner);
    const b = await listen(other);
    const phones = [newPhone(), newPhone(), newPhone()];
    const otherPhone = newPhone();
    // 36 deliveries at once, so several share a transaction: three customers writing 10 messages each
    // (every 5th posted twice, as a provider retries), and another company's customer in between.
    const deliveries = phones.flatMap((phone, customer) =>
      Array.from({ length: 10 }, (_, index) => ({
        phone,
        id: `burst-${phone}-${index}`,
        body: `c${customer} m${index}`,
      })),
    );
    const repeats = deliveries.filter((_, index) => index % 5 === 0);
    const answers = await Promise.all([
      ...[...deliveries, ...repeats].map((inbound) => deliver(testApp.app, device, inbound)),
      ...Array.from({ length: 4 }, (_, index) =>
        deliver(testApp.app, otherDevice, { phone: otherPhone, body: `other burst ${index}` }),
      ),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    for (const phone of phones) {
      const contact = await contactByPhone(testApp.app, owner.token, phone);
      expect(contact.message).toMatchObject({ numpending: 10, numtotal: 10 });
      const history = await call<Message>(testApp.app, 'POST', `/api/v1/en/message/contact/${contact.id}`, {
        token: owner.token,
        body: { page: 1 },
      });
      expect(history.body.pagination?.total).toBe(10);
    }
    const isBurst = (n: PublishedNotification) => JSON.stringify(n.data).includes('burst-');
    await expect
      .poll(() => a.seen.filter((n) => n.module === 'message' && n.action === 'create' && isBurst(n)).length)
      .toBe(30);
    const ours = a.seen.filter(isBurst);
    // One notification per message, each naming its conversation; the last one has the final counters.
    expect(ours).toHaveLength(30);
    for (const phone of phones) {
      const carried = ours
        .filter((n) => JSON.stringify(n.data).includes(`burst-${phone}`))
        .map((n) => (n.data[0] as MessageWithConversation).conversation);
      expect(carried).toHaveLength(10);
      expect(carried.every((conversation) => conversation?.info.phone === phone)).toBe(true);
      expect(carried.at(-1)?.message).toMatchObject({ numpending: 10, numtotal: 10 });
    }
    const otherMessages = () =>
      b.seen.filter((n) => n.module === 'message' && JSON.stringify(n.data).includes('other burst'));
    await expect.poll(() => otherMessages().length).toBe(4);
    expect(b.seen.some(isBurst)).toBe(false);
    expect(a.seen.some((n) => JSON.stringify(n).includes('other burst'))).toBe(false);
    a.socket.disconnect();
    b.socket.disconnect();
  });

  it('a transfer reaches the new assignee with an alert; notes and devices notify too', async () => {
    const target = await listen(supervisor);
    const phone = newPhone();
    await deliver(testApp.app, device, { phone, name: 'Transfer Person' });
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: agent.token });
    await call(testApp.app, 'POST', `/api/v1/en/contact/transfer/${contact.id}`, {
      token: agent.token,
      body: { user_id: supervisor.userId },
    });
    await expect
      .poll(() => target.seen.find((n) => n.action === 'transfer'))
      .toMatchObject({ module: 'contact', ref: contact.id, data: [{ derivedto: supervisor.userId }] });
    await expect
      .poll(() => target.seen.find((n) => n.module === 'alert'))
      .toMatchObject({
        action: 'chat_assigned',
        ref: contact.id,
        msg: expect.stringContaining('Transfer Person'),
      });
    await call(testApp.app, 'POST', '/api/v1/en/note/create', {
      token: owner.token,
      body: { description: 'hello', contact_id: contact.id },
    });
    await expect
      .poll(() => target.seen.find((n) => n.module === 'note'))
      .toMatchObject({ action: 'create', ref: contact.id });
    await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
      token: owner.token,
      body: { color: '#abcdef' },
    });
    await expect
      .poll(() => target.seen.find((n) => n.module === 'device'))
      .toMatchObject({ action: 'update', ref: device.id });
    const sent = await call<Message>(testApp.app, 'POST', '/api/v1/en/message/create', {
      token: supervisor.token,
      body: { type: 'chat', body: 'status please', device_id: device.id, contact_id: contact.id },
    });
    await expect
      .poll(() =>
        target.seen.find(
          (n) =>
            n.module === 'message' &&
            n.action === 'update' &&
            (n.data[0] as Message).id === sent.body.data[0]?.id,
        ),
      )
      .toMatchObject({ data: [{ status: 'sent' }] });
    target.socket.disconnect();
  });

  it('after a reconnect, events?since= answers what the socket missed, in order', async () => {
    const first = await listen(owner);
    const phone = newPhone();
    await deliver(testApp.app, device, { phone, body: 'before' });
    await expect.poll(() => first.seen.some((n) => JSON.stringify(n.data).includes('before'))).toBe(true);
    // Presence (user) notifications are not part of the outbox and carry no seq.
    const lastSeq = Math.max(...first.seen.filter((n) => n.seq !== undefined).map((n) => n.seq));
    first.socket.disconnect();

    await deliver(testApp.app, device, { phone, body: 'missed one' });
    await deliver(testApp.app, device, { phone, body: 'missed two' });

    const missed = await call<PublishedNotification>(
      testApp.app,
      'GET',
      `/api/v1/en/events?since=${lastSeq}`,
      { token: owner.token },
    );
    expect(missed.status).toBe(200);
    const messages = missed.body.data.filter((n) => n.module === 'message' && n.action === 'create');
    expect(messages.map((n) => (n.data[0] as Message).body)).toEqual(['missed one', 'missed two']);
    const seqs = missed.body.data.map((n) => n.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(seqs.every((seq) => seq > lastSeq)).toBe(true);
    expect(missed.body.pagination?.total).toBe(missed.body.data.length);
    const otherView = await call<PublishedNotification>(
      testApp.app,
      'GET',
      `/api/v1/en/events?since=${lastSeq}`,
      { token: other.token },
    );
    expect(JSON.stringify(otherView.body)).not.toContain('missed one');
    expect((await call(testApp.app, 'GET', '/api/v1/en/events?since=0')).status).toBe(401);
  });

  it('the Apiv1 msg resource lists and updates messages through the ack', async () => {
    const { socket } = await listen(owner);
    const phone = newPhone();
    await deliver(testApp.app, device, { phone, body: 'over the socket' });
    const contact: Contact = await contactByPhone(testApp.app, owner.token, phone);
    const list = await ask(socket, {
      resource: 'msg',
      operation: 'list',
      locale: 'en',
      payload: { contact_id: contact.id, page: 1, offset: 25 },
    });
    expect(list).toMatchObject({
      status_codes: 200,
      data: [{ body: 'over the socket' }],
      pagination: { total: 1 },
    });
    const id = list.data[0]?.id;
    const updated = await ask(socket, {
      resource: 'msg',
      operation: 'updateone',
      locale: 'en',
      payload: { id, starred: true },
    });
    expect(updated).toMatchObject({ status_codes: 200, data: [{ id, starred: true }] });
    const foreign = await ask(socket, {
      resource: 'msg',
      operation: 'list',
      locale: 'en',
      payload: {
        contact_id: (await contactByPhone(testApp.app, other.token, (await deliverOther()).phone)).id,
      },
    });
    expect(foreign).toMatchObject({ status_codes: 404, data: [] });
    const bad = await ask(socket, { resource: 'msg', operation: 'updateone', payload: { id, owner: 'x' } });
    expect(bad.status_codes).toBe(400);
    socket.disconnect();
  });
});

const deliverOther = async () => {
  const phone = newPhone();
  await deliver(testApp.app, otherDevice, { phone });
  return { phone };
};
