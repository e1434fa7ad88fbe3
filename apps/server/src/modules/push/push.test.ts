import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushAlert } from '@conversa/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  newPhone,
  type SandboxDevice,
} from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';
import { createContact, createTask } from '../tasks/tasks.fixtures';

/** A request as the stand-in push service received it. */
type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

const vapid = webPush.generateVAPIDKeys();
let pushService: Server;
let pushUrl: string;
const received: Received[] = [];
/** What the stand-in push service answers next: 201 as a real one does, or 410 for an expired browser. */
let answerStatus = 201;

let testApp: TestApp;
let agent: Session;
let supervisor: Session;
let owner: Session;
let device: SandboxDevice;

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const { port } = pushService.address() as AddressInfo;
  pushUrl = `http://127.0.0.1:${port}`;
  testApp = await createTestApp({
    vapid: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@conversa.test' },
    outboundAllowHosts: [`127.0.0.1:${port}`],
  });
  [owner, agent, supervisor] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
    login(testApp.app, DEMO_LOGINS.supervisor.email, DEMO_LOGINS.supervisor.password),
  ]);
  device = await createSandboxDevice(testApp.app, owner.token);
});
afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

/** A browser's side of a subscription: its P-256 key pair and auth secret (what PushManager keeps). */
const newBrowser = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
  };
};

/** The browser's decryption of an aes128gcm Web Push body (RFC 8291, RFC 8188), one record. */
const decrypt = (body: Buffer, browser: ReturnType<typeof newBrowser>): string => {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
};

/** The VAPID header's JWT, checked with the server's public key (ES256) as a push service does. */
const vapidClaims = (authorization: string | undefined) => {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, payload, signature] = match[1].split('.') as [string, string, string];
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const isSigned = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return { publicKey: match[2], isSigned, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) };
};

const subscriptionsOf = async (userId: string): Promise<number> => {
  const client = new pg.Client({ connectionString: testApp.config.databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      'select count(*)::int as n from push_subscriptions where user_id = $1',
      [userId],
    );
    return result.rows[0].n as number;
  } finally {
    await client.end();
  }
};

const assignToSupervisor = async (name: string) => {
  const phone = newPhone();
  await deliver(testApp.app, device, { phone, name });
  const contact = await contactByPhone(testApp.app, owner.token, phone);
  await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: agent.token });
  const answer = await call(testApp.app, 'POST', `/api/v1/en/contact/transfer/${contact.id}`, {
    token: agent.token,
    body: { user_id: supervisor.userId },
  });
  expect(answer.status).toBe(200);
  return contact;
};

const changeOwnProfile = async (session: Session, body: Record<string, unknown>) => {
  const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${session.userId}`, {
    token: session.token,
    body,
  });
  expect(answer.status).toBe(200);
};
const wantsOnly = (session: Session, notifications: string[]) => changeOwnProfile(session, { notifications });
/** The modules whose alerts the system shows the person (the profile's `push_notification`). */
const showsOnly = (session: Session, modules: string[]) =>
  changeOwnProfile(session, { push_notification: modules });
/** Long enough for the queue's first polls to have sent a push that was going to be sent. */
const quietWhile = () => new Promise((resolve) => setTimeout(resolve, 2_500));

describe('Web Push', () => {
  it('the profile learns the VAPID key; an assignment reaches the closed browser encrypted, with VAPID and a TTL', async () => {
    const key = await call<{ public_key: string | null }>(testApp.app, 'GET', '/api/v1/en/push/key', {
      token: supervisor.token,
    });
    expect(key.body.data).toEqual([{ public_key: vapid.publicKey }]);
    const browser = newBrowser();
    const subscribed = await call(testApp.app, 'POST', '/api/v1/en/push/subscribe', {
      token: supervisor.token,
      body: { endpoint: `${pushUrl}/send/supervisor-browser`, keys: browser.keys },
    });
    expect(subscribed.status).toBe(200);
    // Only assignments: the customer's first message, on a conversation nobody holds, pushes nothing here.
    await wantsOnly(supervisor, ['chat_assigned']);

    const contact = await assignToSupervisor('Pushed Person');

    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    const [push] = received as [Received];
    expect(push.path).toBe('/send/supervisor-browser');
    expect(push.headers).toMatchObject({ ttl: '86400', urgency: 'high', 'content-encoding': 'aes128gcm' });
    const { publicKey, isSigned, claims } = vapidClaims(push.headers.authorization);
    expect({ publicKey, isSigned }).toEqual({ publicKey: vapid.publicKey, isSigned: true });
    expect(claims).toMatchObject({ aud: pushUrl, sub: 'mailto:ops@conversa.test' });
    const alert = JSON.parse(decrypt(push.body, browser)) as PushAlert;
    expect(alert).toEqual({
      title: 'Pushed Person',
      body: 'Andrés Agent te transfirió la conversación con Pushed Person',
      path: `/app/chat?contact=${contact.id}`,
      tag: `chat_assigned:${contact.id}`,
    });
    // Nobody else's browser: the agent who transferred has no subscription, and only one push was sent.
    expect(received).toHaveLength(1);
  });

  it('a subscription the push service says is gone (410) is deleted', async () => {
    received.length = 0;
    answerStatus = 410;
    expect(await subscriptionsOf(supervisor.userId)).toBe(1);
    await assignToSupervisor('Expired Browser');
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => subscriptionsOf(supervisor.userId)).toBe(0);
  });

  it('a family left out of the preferences pushes nothing', async () => {
    received.length = 0;
    answerStatus = 201;
    const subscribed = await call(testApp.app, 'POST', '/api/v1/en/push/subscribe', {
      token: supervisor.token,
      body: { endpoint: `${pushUrl}/send/again`, keys: newBrowser().keys },
    });
    expect(subscribed.status).toBe(200);
    await wantsOnly(supervisor, []);
    await assignToSupervisor('Unwanted Alert');
    await quietWhile();
    expect(received).toEqual([]);
    // Asked for again, the next assignment is pushed: the silence above was the preference.
    await wantsOnly(supervisor, ['chat_assigned']);
    await assignToSupervisor('Wanted Again');
    await expect.poll(() => received.map((push) => push.path), { timeout: 10_000 }).toEqual(['/send/again']);
  });
});

describe('Web Push of customer messages', () => {
  it('a new message pushes its text to the browsers of those who want its family, and to nobody else', async () => {
    received.length = 0;
    answerStatus = 201;
    const browser = newBrowser();
    await call(testApp.app, 'POST', '/api/v1/en/push/subscribe', {
      token: owner.token,
      body: { endpoint: `${pushUrl}/send/owner-browser`, keys: browser.keys },
    });
    // The owner wants messages on conversations nobody holds; the supervisor's browser only assignments.
    await wantsOnly(owner, ['chat_unassigned_unowner']);
    await wantsOnly(supervisor, ['chat_assigned']);

    const phone = newPhone();
    await deliver(testApp.app, device, { phone, name: 'Paciente Nuevo', body: 'Hola, ¿tienen hora mañana?' });
    const contact = await contactByPhone(testApp.app, owner.token, phone);

    await expect
      .poll(() => received.map((push) => push.path), { timeout: 10_000 })
      .toEqual(['/send/owner-browser']);
    expect(JSON.parse(decrypt((received[0] as Received).body, browser))).toEqual({
      title: 'Paciente Nuevo',
      body: 'Hola, ¿tienen hora mañana?',
      path: `/app/chat?contact=${contact.id}`,
      tag: `message:${contact.id}`,
    });
  });

  it('a family left out pushes no message, from the next message on', async () => {
    received.length = 0;
    await wantsOnly(owner, ['chat_assigned']);
    await deliver(testApp.app, device, { phone: newPhone(), name: 'Silenciado', body: 'Hola' });
    await quietWhile();
    expect(received).toEqual([]);
  });
});

describe('Web Push by module', () => {
  it('the chat left out of push_notification pushes neither assignments nor messages; put back, it does', async () => {
    received.length = 0;
    await wantsOnly(supervisor, ['chat_assigned']);
    await wantsOnly(owner, ['chat_unassigned_unowner']);
    await showsOnly(supervisor, ['task']);
    await showsOnly(owner, ['task']);
    await assignToSupervisor('Chat Not Shown');
    await deliver(testApp.app, device, { phone: newPhone(), name: 'Tampoco', body: 'Hola' });
    await quietWhile();
    expect(received).toEqual([]);

    await showsOnly(supervisor, ['chat', 'task']);
    await assignToSupervisor('Chat Shown Again');
    await expect.poll(() => received.map((push) => push.path), { timeout: 10_000 }).toEqual(['/send/again']);
    await showsOnly(owner, ['chat', 'task']);
  });

  it("a task's reminder reaches its participant's browser in their language, only with tasks shown", async () => {
    received.length = 0;
    const browser = newBrowser();
    await call(testApp.app, 'POST', '/api/v1/en/push/subscribe', {
      token: supervisor.token,
      body: { endpoint: `${pushUrl}/send/reminded`, keys: browser.keys },
    });
    const contactId = await createContact(testApp.app, owner.token, 'Clínica');
    const remindSupervisor = (title: string) =>
      createTask(testApp.app, owner.token, {
        title,
        module: 'contact',
        contact_id: contactId,
        due_date: new Date(Date.now() + 86_400_000).toISOString(),
        owner: [supervisor.userId],
        notify_enable: true,
        notify_before: new Date(Date.now() + 1_000).toISOString(),
      });

    await showsOnly(supervisor, ['chat']);
    await remindSupervisor('Llamar sin aviso');
    await quietWhile();
    await quietWhile();
    expect(received).toEqual([]);

    await showsOnly(supervisor, ['chat', 'task']);
    const task = await remindSupervisor('Llamar a la clínica');
    // Each of the person's browsers gets it; this one is read with its own keys.
    const toThisBrowser = () => received.filter((push) => push.path === '/send/reminded');
    await expect.poll(() => toThisBrowser().length, { timeout: 10_000 }).toBe(1);
    const pushed = toThisBrowser().map((push) => JSON.parse(decrypt(push.body, browser)) as PushAlert);
    expect(pushed).toEqual([
      {
        title: 'Llamar a la clínica',
        body: 'Recordatorio de tarea',
        path: `/app/tasks?task=${task.id}`,
        tag: `reminder:${task.id}`,
      },
    ]);
  });
});
