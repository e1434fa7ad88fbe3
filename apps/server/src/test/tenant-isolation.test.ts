import type { Contact, Message, Note } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../core/db/seed-logins';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  newPhone,
  outbox,
  type SandboxDevice,
} from './messaging-fixtures';
import {
  type ApiAnswer,
  call,
  createTestApp,
  login,
  type Session,
  signupCompany,
  type TestApp,
} from './test-app';

let testApp: TestApp;
let owner: Session;
let ownContactId: string;
let other: Session;
let otherDevice: SandboxDevice;
let otherContact: Contact;
let otherMessage: Message;
let otherNote: Note;
let ownDeviceId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  other = await signupCompany(testApp.app);
  otherDevice = await createSandboxDevice(testApp.app, other.token, 'Other Company Line');
  const phone = newPhone();
  await deliver(testApp.app, otherDevice, { phone, name: 'Secreto Ajeno', body: 'confidential-body' });
  otherContact = await contactByPhone(testApp.app, other.token, phone);
  await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${otherContact.id}`, { token: other.token });
  const sent = await call<Message>(testApp.app, 'POST', '/api/v1/en/message/create', {
    token: other.token,
    body: {
      type: 'chat',
      body: 'confidential-reply',
      device_id: otherDevice.id,
      contact_id: otherContact.id,
    },
  });
  otherMessage = sent.body.data[0] as Message;
  const note = await call<Note>(testApp.app, 'POST', '/api/v1/en/note/create', {
    token: other.token,
    body: { description: 'confidential-note', contact_id: otherContact.id },
  });
  otherNote = note.body.data[0] as Note;
  const ownDevice = await createSandboxDevice(testApp.app, owner.token);
  ownDeviceId = ownDevice.id;
  const ownPhone = newPhone();
  await deliver(testApp.app, ownDevice, { phone: ownPhone });
  ownContactId = (await contactByPhone(testApp.app, owner.token, ownPhone)).id;
  await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${ownContactId}`, { token: owner.token });
});
afterAll(async () => testApp?.close());

const SECRETS = () => [
  otherContact.id,
  otherDevice.id,
  otherMessage.id,
  otherNote.id,
  'confidential',
  'Secreto Ajeno',
];

const expectNothingLeaked = (answer: ApiAnswer, label: string) => {
  const text = JSON.stringify(answer.body);
  for (const secret of SECRETS()) expect(text, `${label} leaked ${secret}`).not.toContain(secret);
};

describe("another company's ids", () => {
  it('answer 404 on every route of the messaging core, with nothing leaked', async () => {
    const templateBody = { name: 'x', language: 'es', components: [] };
    const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['device read', 'GET', `/device/search/${otherDevice.id}`],
      ['device update', 'PUT', `/device/updateone/${otherDevice.id}`, { name: 'Hijacked' }],
      ['device connect', 'POST', `/device/connect/${otherDevice.id}`],
      ['device disconnect', 'POST', `/device/disconnect/${otherDevice.id}`],
      ['device delete', 'DELETE', `/device/deleteone/${otherDevice.id}`],
      ['contact read', 'GET', `/contact/search/${otherContact.id}`],
      ['contact unread', 'GET', `/contact/unread/${otherContact.id}`],
      ['contact update', 'PUT', `/contact/updateone/${otherContact.id}`, { stage: 'hijacked' }],
      ['contact bot', 'POST', `/contact/bot/${otherContact.id}`, { answerbot: true }],
      ['contact lock', 'POST', `/contact/lock/${otherContact.id}`],
      ['contact release', 'POST', `/contact/release/${otherContact.id}`],
      ['contact transfer', 'POST', `/contact/transfer/${otherContact.id}`, { user_id: owner.userId }],
      ['transfer to their user', 'POST', `/contact/transfer/${ownContactId}`, { user_id: other.userId }],
      ['contact delete', 'DELETE', `/contact/deleteone/${otherContact.id}`],
      ['messages of their contact', 'POST', `/message/contact/${otherContact.id}`, { page: 1 }],
      ['messages by body id', 'POST', '/message/contact', { contact_id: otherContact.id }],
      [
        'send to their contact',
        'POST',
        '/message/create',
        { type: 'chat', body: 'x', device_id: ownDeviceId, contact_id: otherContact.id },
      ],
      [
        'send through their device',
        'POST',
        '/message/create',
        { type: 'chat', body: 'x', device_id: otherDevice.id, contact_id: ownContactId },
      ],
      [
        'createfast through their device',
        'POST',
        '/message/createfast',
        { phone: newPhone(), body: 'x', device_id: otherDevice.id },
      ],
      [
        'template to their contact',
        'POST',
        '/message/sendtemplate',
        { contact_id: otherContact.id, device_id: ownDeviceId, template: templateBody },
      ],
      [
        'template through their device',
        'POST',
        '/message/sendtemplate',
        { contact_id: ownContactId, device_id: otherDevice.id, template: templateBody },
      ],
      ['delete their message', 'DELETE', `/message/deleteone/${otherMessage.id}`],
      ['note read', 'GET', `/note/search/${otherNote.id}`],
      ['note update', 'PUT', `/note/updateone/${otherNote.id}`, { description: 'hijacked' }],
      ['note delete', 'DELETE', `/note/deleteone/${otherNote.id}`],
      ['note on their contact', 'POST', '/note/create', { description: 'x', contact_id: otherContact.id }],
    ];
    for (const [label, method, path, body] of attempts) {
      const answer = await call(testApp.app, method, `/api/v1/en${path}`, {
        token: owner.token,
        ...(body === undefined ? {} : { body }),
      });
      expect(answer.status, label).toBe(404);
      expect(answer.body.data, label).toEqual([]);
      expectNothingLeaked(answer, label);
    }
  });

  it('bulk changes, searches and lists never reach or show their records', async () => {
    const bulk = await call(testApp.app, 'PUT', '/api/v1/en/contact/updatemany', {
      token: owner.token,
      body: { ids: [otherContact.id], update: { stage: 'hijacked' } },
    });
    expect(bulk.body.data).toEqual([]);
    await call(testApp.app, 'PUT', '/api/v1/en/contact/unlockall', { token: owner.token, body: {} });
    const reads: [string, string, unknown][] = [
      ['contacts', '/contact/search', {}],
      ['contact list', '/contact/list', {}],
      ['kanban', '/contact/kanban', {}],
      ['chats', '/contact/chats', {}],
      ['devices', '/device/search', {}],
      ['notes', '/note/search', {}],
      ['templates', '/template/search', {}],
      ['messages by phone', '/message/search', { phone: otherContact.info.phone }],
    ];
    for (const [label, path, body] of reads) {
      const answer = await call(testApp.app, 'POST', `/api/v1/en${path}`, { token: owner.token, body });
      expect(answer.status, label).toBe(200);
      expectNothingLeaked(answer, label);
    }
    const exported = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/contact/export',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {},
    });
    expect(exported.body).not.toContain(otherContact.id);
    const events = await call(testApp.app, 'GET', '/api/v1/en/events?since=0', { token: owner.token });
    expectNothingLeaked(events, 'events');
  });

  it('their records are untouched after all of that', async () => {
    const contact = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${otherContact.id}`, {
      token: other.token,
    });
    expect(contact.body.data[0]).toMatchObject({ stage: '', answerbot: false, derivedto: other.userId });
    const note = await call<Note>(testApp.app, 'GET', `/api/v1/en/note/search/${otherNote.id}`, {
      token: other.token,
    });
    expect(note.body.data[0]?.description).toBe('confidential-note');
    const device = await call(testApp.app, 'GET', `/api/v1/en/device/search/${otherDevice.id}`, {
      token: other.token,
    });
    expect(device.body.data[0]).toMatchObject({ name: 'Other Company Line' });
    const messages = await call<Message>(
      testApp.app,
      'POST',
      `/api/v1/en/message/contact/${otherContact.id}`,
      {
        token: other.token,
        body: {},
      },
    );
    expect(messages.body.data.find((message) => message.id === otherMessage.id)?.deleted).toBe(false);
    expect((await outbox(testApp.app, otherDevice, otherContact.info.phone)).length).toBe(1);
  });
});
