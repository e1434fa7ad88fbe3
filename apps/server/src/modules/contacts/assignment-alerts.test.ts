import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import type { PublishedNotification } from '../../core/realtime/realtime-events.repository';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  newPhone,
  type SandboxDevice,
} from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let url: string;
let owner: Session;
let agent: Session;
let supervisor: Session;
let viewer: Session;
let device: SandboxDevice;
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
  device = await createSandboxDevice(testApp.app, owner.token);
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const newConversation = async (name: string) => {
  const phone = newPhone();
  await deliver(testApp.app, device, { phone, name });
  return contactByPhone(testApp.app, owner.token, phone);
};

const transfer = (from: Session, contactId: string, to: Session) =>
  call(testApp.app, 'POST', `/api/v1/en/contact/transfer/${contactId}`, {
    token: from.token,
    body: { user_id: to.userId },
  });

/** What would toast, beep or notify: an alert, or the alert's text riding on any other notification. */
const alertsAbout = (seen: PublishedNotification[], contactId: string) =>
  seen.filter((n) => n.ref === contactId && (n.module === 'alert' || n.msg.includes('Person')));

describe('assignment alerts', () => {
  it('a transfer alerts the new assignee only; everyone else just sees the assignee change, without text', async () => {
    const [toOwner, toAgent, toSupervisor, toViewer] = await Promise.all([
      sockets.listen(url, owner.token),
      sockets.listen(url, agent.token),
      sockets.listen(url, supervisor.token),
      sockets.listen(url, viewer.token),
    ]);
    const contact = await newConversation('Alerted Person');
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: agent.token });
    expect((await transfer(agent, contact.id, supervisor)).status).toBe(200);

    await expect
      .poll(() => alertsAbout(toSupervisor.seen, contact.id))
      .toEqual([
        expect.objectContaining({
          module: 'alert',
          action: 'chat_assigned',
          data: [{ contact_id: contact.id, full_name: 'Alerted Person' }],
          msg: 'Andrés Agent te transfirió la conversación con Alerted Person',
        }),
      ]);
    for (const other of [toOwner, toAgent, toViewer]) {
      // The list still moves for them: the same change arrives as a contact update…
      await expect
        .poll(() =>
          other.seen.find((n) => n.module === 'contact' && n.action === 'transfer' && n.ref === contact.id),
        )
        .toMatchObject({ data: [{ derivedto: supervisor.userId }] });
      // …and nothing that would alert them.
      expect(alertsAbout(other.seen, contact.id)).toEqual([]);
    }
  });

  it('a person who left chat_assigned out of their preferences gets the conversation but no alert', async () => {
    await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${agent.userId}`, {
      token: agent.token,
      body: { notifications: ['chat_assigned_others'] },
    });
    const toAgent = await sockets.listen(url, agent.token);
    const contact = await newConversation('Quiet Person');
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: supervisor.token });
    expect((await transfer(supervisor, contact.id, agent)).status).toBe(200);

    await expect
      .poll(() =>
        toAgent.seen.find((n) => n.module === 'contact' && n.action === 'transfer' && n.ref === contact.id),
      )
      .toMatchObject({ data: [{ derivedto: agent.userId }] });
    expect(alertsAbout(toAgent.seen, contact.id)).toEqual([]);
    // Nor does a reconnecting client find one in what it missed.
    const missed = await call<PublishedNotification>(testApp.app, 'GET', '/api/v1/en/events?since=0', {
      token: agent.token,
    });
    expect(missed.body.data.filter((n) => n.module === 'alert' && n.ref === contact.id)).toEqual([]);
  });
});

describe('GET alerts (the bell)', () => {
  const alertsOf = async (session: Session) => {
    const answer = await call(testApp.app, 'GET', '/api/v1/en/alerts', { token: session.token });
    expect(answer.status).toBe(200);
    return answer.body.data as { seq: number; action: string; msg: string; data: unknown[] }[];
  };

  it("lists a person's own alerts newest first, and nobody else's", async () => {
    const first = await newConversation('Bell First');
    const second = await newConversation('Bell Second');
    for (const contact of [first, second]) {
      await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: agent.token });
      expect((await transfer(agent, contact.id, supervisor)).status).toBe(200);
    }

    const listed = await alertsOf(supervisor);
    expect(listed.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'chat_assigned',
        data: [{ contact_id: second.id, full_name: 'Bell Second' }],
        msg: 'Andrés Agent te transfirió la conversación con Bell Second',
      }),
      expect.objectContaining({ data: [{ contact_id: first.id, full_name: 'Bell First' }] }),
    ]);
    expect(listed[0]?.seq).toBeGreaterThan(listed[1]?.seq ?? Number.POSITIVE_INFINITY);
    // The one who transferred, and a colleague, were alerted of neither.
    for (const other of [agent, viewer]) {
      const theirs = await alertsOf(other);
      expect(theirs.some((alert) => JSON.stringify(alert.data).includes('Bell '))).toBe(false);
    }
  });

  it("never lists another company's alerts", async () => {
    const stranger = await signupCompany(testApp.app);
    expect(await alertsOf(stranger)).toEqual([]);
  });
});
