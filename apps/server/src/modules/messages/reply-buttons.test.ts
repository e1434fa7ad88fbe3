import type { Message, MessageButton } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessageEvent } from '../../channels/channel-adapter';
import { contacts, type DeviceRow, devices, jobs } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { storedMessage } from '../../test/channel-fixtures';
import { createTestMessagesService } from '../../test/messages-service';
import {
  createSandboxDevice,
  deliver,
  newPhone,
  outbox,
  type SandboxDevice,
} from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let device: SandboxDevice;
let deviceRow: DeviceRow;
let service: ReturnType<typeof createTestMessagesService>;

const BUTTONS: MessageButton[] = [
  { id: 'cf:00000000-0000-4000-8000-000000000001:confirm', title: 'Confirmar' },
  { id: 'cf:00000000-0000-4000-8000-000000000001:cancel', title: 'Cancelar' },
];

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createSandboxDevice(testApp.app, owner.token, 'Buttons Sandbox');
  const [row] = await testApp.app.database.db.select().from(devices).where(eq(devices.id, device.id));
  if (!row) throw new Error('the sandbox device was not stored');
  deviceRow = row;
  service = createTestMessagesService(testApp);
});
afterAll(async () => testApp?.close());

const contactOf = async (phone: string) => {
  const [contact] = await testApp.app.database.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.client_id, owner.clientId), eq(contacts.phone, phone)));
  if (!contact) throw new Error(`no contact ${phone}`);
  return contact;
};

const historyOf = async (contactId: string) =>
  (
    await call<Message>(testApp.app, 'POST', `/api/v1/en/message/contact/${contactId}`, {
      token: owner.token,
      body: { page: 1 },
    })
  ).body.data;

describe('reply buttons through the sandbox', () => {
  it("a request's buttons reach the simulated phone's outbox and the conversation's history", async () => {
    const phone = newPhone();
    await deliver(testApp.app, device, { phone, body: 'Hola' });
    const contact = await contactOf(phone);
    const queued = await service.queueBroadcast(
      { clientId: owner.clientId, userId: owner.userId },
      { device: deviceRow, contact, body: '¿Confirma su hora del martes?', buttons: BUTTONS },
      async () => undefined,
    );
    expect(queued).toMatchObject({ buttons: BUTTONS, button_reply: '', status: 'queue' });
    expect(await service.attemptSend(owner.clientId, queued.id, 1)).toMatchObject({ kind: 'sent' });

    const received = (await outbox(testApp.app, device, phone)).find((message) => message.id === queued.id);
    expect(received).toMatchObject({
      body: '¿Confirma su hora del martes?',
      buttons: BUTTONS,
      status: 'sent',
    });
    const typed = (await historyOf(contact.id)).find((message) => message.body === 'Hola');
    expect(typed).toMatchObject({ buttons: [], button_reply: '' });
  });

  it('more buttons than a provider shows are refused before anything is stored', async () => {
    const phone = newPhone();
    await deliver(testApp.app, device, { phone });
    const contact = await contactOf(phone);
    const four = [...BUTTONS, { id: 'c', title: 'C' }, { id: 'd', title: 'D' }];
    await expect(
      service.queueBroadcast(
        { clientId: owner.clientId, userId: owner.userId },
        { device: deviceRow, contact, body: 'x', buttons: four },
        async () => undefined,
      ),
    ).rejects.toThrow('at most 3');
    expect(await historyOf(contact.id)).toHaveLength(1);
  });

  it("a press is stored as the customer's text: the button's title as body, its id as button_reply", async () => {
    const phone = newPhone();
    const id = `press-${phone}`;
    const [confirm] = BUTTONS;
    const answer = await deliver(testApp.app, device, {
      phone,
      id,
      type: 'button',
      body: confirm?.title,
      payload: confirm?.id,
    });
    expect(answer.status).toBe(200);
    expect(await storedMessage(testApp.app, device.id, id)).toMatchObject({
      type: 'chat',
      body: 'Confirmar',
      button_reply: confirm?.id,
      from_me: false,
    });
    const [shown] = await historyOf((await contactOf(phone)).id);
    expect(shown).toMatchObject({ type: 'chat', body: 'Confirmar', button_reply: confirm?.id });
  });

  it('refuses a press without its button id, or with one longer than any provider carries', async () => {
    const phone = newPhone();
    const press = { phone, type: 'button', body: 'Confirmar' };
    expect((await deliver(testApp.app, device, press)).status).toBe(400);
    expect((await deliver(testApp.app, device, { ...press, payload: 'x'.repeat(257) })).status).toBe(400);
    expect((await deliver(testApp.app, device, { ...press, payload: '' })).status).toBe(400);
    expect((await deliver(testApp.app, device, { ...press, body: '', payload: 'b1' })).status).toBe(400);
  });
});

describe('inbound job rules', () => {
  const JOB = 'test.buttonPressed';
  let calls = 0;

  beforeAll(() => {
    // A fresh key on every call, so a rule run twice for one message would leave two jobs behind.
    service.addInboundJobRule((clientId, messages) =>
      messages
        .filter((message) => message.button_reply !== '')
        .map((message) => {
          calls += 1;
          return { name: JOB, key: `${JOB}:${calls}`, payload: { clientId, messageId: message.id } };
        }),
    );
  });

  const press = (phone: string, id: string): InboundMessageEvent => ({
    kind: 'message',
    providerMessageId: id,
    from: { phone, name: 'Ana Pérez' },
    type: 'chat',
    body: 'Confirmar',
    timestamp: new Date(),
    buttonReply: BUTTONS[0]?.id ?? '',
  });

  const jobsOfRule = () => testApp.app.database.db.select().from(jobs).where(eq(jobs.name, JOB));

  it('enqueues one job per stored message, none for a repeated delivery or an ordinary text', async () => {
    const phone = newPhone();
    const first = press(phone, `rule-${phone}-1`);
    await service.receive(deviceRow, [first]);
    await service.receive(deviceRow, [first]);
    await service.receive(deviceRow, [
      { ...first, providerMessageId: `rule-${phone}-text`, body: 'Hola', buttonReply: undefined },
    ]);
    const stored = await storedMessage(testApp.app, device.id, first.providerMessageId);
    const found = await jobsOfRule();
    expect(found).toHaveLength(1);
    expect(found[0]?.payload).toEqual({ clientId: owner.clientId, messageId: stored?.id });
  });

  it('keeps one job per message when copies of a delivery arrive together with new messages', async () => {
    const before = (await jobsOfRule()).length;
    const phone = newPhone();
    const presses = Array.from({ length: 10 }, (_, index) => press(phone, `batch-${phone}-${index}`));
    await service.receive(deviceRow, presses.slice(0, 5));
    // Repeats make a batch start over, and two copies race for the same rows: still one job per message.
    await Promise.all([service.receive(deviceRow, presses), service.receive(deviceRow, presses)]);
    const found = await jobsOfRule();
    expect(found.length - before).toBe(10);
    expect(new Set(found.map((job) => job.payload.messageId)).size).toBe(found.length);
  });
});
