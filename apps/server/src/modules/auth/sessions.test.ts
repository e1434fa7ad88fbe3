import type { AddressInfo } from 'node:net';
import { EXPIRED_TOKEN, type SessionInfo } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, sessions } from '../../core/db/schema';
import { startSmtpInbox } from '../../test/smtp-inbox';
import { connected, createTestSockets } from '../../test/sockets';
import {
  COMPANY_PASSWORD,
  call,
  createTestApp,
  login,
  type Session,
  signupCompany,
  type TestApp,
} from '../../test/test-app';

let testApp: TestApp;
let url: string;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
const sockets = createTestSockets();

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  testApp = await createTestApp({ smtpUrl: inbox.url });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
  await inbox?.close();
});

/** A signed-in socket, resolved once connected. */
const openSocket = async (token: string): Promise<Socket> => {
  const socket = sockets.open(url, token);
  await connected(socket);
  return socket;
};

/** Resolves when the server closes the socket, fails after a second. */
const closedWithinASecond = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still open after 1 s')), 1000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const signIn = async (email: string, password: string, userAgent: string, remoteAddress: string) => {
  const answer = await call<{ access_token: string; clientid: string; userid: string }>(
    testApp.app,
    'POST',
    '/api/v1/en/login',
    { body: { email, password }, headers: { 'user-agent': userAgent }, remoteAddress },
  );
  const data = answer.body.data[0];
  if (answer.status !== 200 || !data) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return { token: data.access_token, clientId: data.clientid, userId: data.userid };
};

const expectExpired = async (session: Session) => {
  const answer = await call(testApp.app, 'GET', `/api/v1/en/user/search/${session.userId}`, {
    token: session.token,
  });
  expect(answer.status).toBe(401);
  expect(answer.body.info).toBe(EXPIRED_TOKEN);
};

const expectAlive = async (session: Session) => {
  const answer = await call(testApp.app, 'GET', `/api/v1/en/user/search/${session.userId}`, {
    token: session.token,
  });
  expect(answer.status).toBe(200);
};

describe('logout', () => {
  it("closes that session's open socket at once", async () => {
    const company = await signupCompany(testApp.app);
    const socket = await openSocket(company.token);
    const closed = closedWithinASecond(socket);
    const answer = await call(testApp.app, 'GET', '/api/v1/en/logout', { token: company.token });
    expect(answer.status).toBe(200);
    await expect(closed).resolves.toBe('io server disconnect');
    await expectExpired(company);
  });
});

describe("changing one's own password", () => {
  it('needs the current password: missing or wrong answers 400 on current_password', async () => {
    const company = await signupCompany(testApp.app);
    const path = `/api/v1/en/user/updatepassword/${company.userId}`;
    const missing = await call(testApp.app, 'POST', path, {
      token: company.token,
      body: { password: 'Changed#Pass2026' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { path: 'current_password', message: 'Enter your current password' },
    ]);

    const wrong = await call(testApp.app, 'POST', path.replace('/en/', '/es/'), {
      token: company.token,
      body: { password: 'Changed#Pass2026', current_password: 'Wrong#Pass2026' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { path: 'current_password', message: 'La contraseña actual no es correcta' },
    ]);
    // Nothing changed: the old password still signs in.
    await expect(login(testApp.app, company.email, COMPANY_PASSWORD)).resolves.toBeDefined();
  });

  it("with the current one, ends the other sessions and closes their sockets, keeping this one's", async () => {
    const company = await signupCompany(testApp.app);
    const other = await login(testApp.app, company.email, COMPANY_PASSWORD);
    const [ownSocket, otherSocket] = await Promise.all([openSocket(company.token), openSocket(other.token)]);
    const closed = closedWithinASecond(otherSocket);

    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updatepassword/${company.userId}`, {
      token: company.token,
      body: { password: 'Changed#Pass2026', current_password: COMPANY_PASSWORD },
    });
    expect(answer.status).toBe(200);
    await expect(closed).resolves.toBe('io server disconnect');
    expect(ownSocket.connected).toBe(true);
    await expectAlive(company);
    await expectExpired(other);
    await expect(login(testApp.app, company.email, 'Changed#Pass2026')).resolves.toBeDefined();
  });
});

describe('password reset links', () => {
  const linkOf = (text: string | undefined) =>
    text?.match(/http:\/\/conversa\.test\/signin\?restore=([A-Za-z0-9_-]+)/)?.[1];

  it('using one link ends it and every older link of the user', async () => {
    const company = await signupCompany(testApp.app, { language: 'en' });
    await call(testApp.app, 'POST', '/api/v1/en/restore', { body: { email: company.email } });
    const older = linkOf(inbox.mails.at(-1)?.text);
    await call(testApp.app, 'POST', '/api/v1/en/restore', { body: { email: company.email } });
    const newer = linkOf(inbox.mails.at(-1)?.text);
    expect(older).toBeDefined();
    expect(newer).not.toBe(older);

    const used = await call(testApp.app, 'POST', '/api/v1/en/restore/confirm', {
      body: { token: newer, password: 'Brand#New2026' },
    });
    expect(used.status).toBe(200);

    for (const token of [newer, older]) {
      const again = await call(testApp.app, 'POST', '/api/v1/en/restore/confirm', {
        body: { token, password: 'Taken#Over2026' },
      });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual([
        { path: 'token', message: 'The link has expired or was already used' },
      ]);
    }
    await expect(login(testApp.app, company.email, 'Brand#New2026')).resolves.toBeDefined();
  });
});

describe('my sessions', () => {
  it('lists device, address and last seen with the current one marked; revoking one ends it at once', async () => {
    const company = await signupCompany(testApp.app);
    const desktop = await signIn(company.email, COMPANY_PASSWORD, CHROME_ON_WINDOWS, '198.51.100.20');
    const phone = await signIn(company.email, COMPANY_PASSWORD, SAFARI_ON_IPHONE, '198.51.100.21');

    const list = await call<SessionInfo>(testApp.app, 'GET', '/api/v1/en/session/search', {
      token: desktop.token,
    });
    expect(list.status).toBe(200);
    const current = list.body.data.find((session) => session.current);
    const phoneRow = list.body.data.find((session) => session.ip === '198.51.100.21');
    expect(current).toMatchObject({ device: 'Chrome 124 · Windows', ip: '198.51.100.20' });
    expect(phoneRow).toMatchObject({ device: 'Safari 17 · iOS', current: false });
    expect(Date.parse(phoneRow?.last_seen ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The sign-up's own session is listed too; nothing of another user is.
    expect(list.body.data).toHaveLength(3);

    const socket = await openSocket(phone.token);
    const closed = closedWithinASecond(socket);
    const revoke = await call(testApp.app, 'DELETE', `/api/v1/en/session/deleteone/${phoneRow?.id}`, {
      token: desktop.token,
    });
    expect(revoke.status).toBe(200);
    expect(revoke.body.info).toBe('Session closed');
    await expect(closed).resolves.toBe('io server disconnect');
    await expectExpired(phone);
    await expectAlive(desktop);

    const after = await call<SessionInfo>(testApp.app, 'GET', '/api/v1/en/session/search', {
      token: desktop.token,
    });
    expect(after.body.data.map((session) => session.id)).not.toContain(phoneRow?.id);
  });

  it("another user's session id answers 404 and stays open", async () => {
    const [mine, theirs] = await Promise.all([signupCompany(testApp.app), signupCompany(testApp.app)]);
    const list = await call<SessionInfo>(testApp.app, 'GET', '/api/v1/en/session/search', {
      token: theirs.token,
    });
    const theirId = list.body.data[0]?.id;
    const answer = await call(testApp.app, 'DELETE', `/api/v1/en/session/deleteone/${theirId}`, {
      token: mine.token,
    });
    expect(answer.status).toBe(404);
    await expectAlive(theirs);
  });

  it('last seen moves forward on use, at most once a minute', async () => {
    const company = await signupCompany(testApp.app);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await testApp.app.database.db
      .update(sessions)
      .set({ last_seen_at: longAgo })
      .where(eq(sessions.user_id, company.userId));
    await expectAlive(company);
    const seen = async () =>
      (await testApp.app.database.db.select().from(sessions).where(eq(sessions.user_id, company.userId)))[0]
        ?.last_seen_at;
    await expect.poll(async () => (await seen())?.getTime() ?? 0).toBeGreaterThan(Date.now() - 5000);
    const first = await seen();
    await expectAlive(company);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await seen())?.getTime()).toBe(first?.getTime());
  });
});

describe('deactivated users and blocked companies', () => {
  it('deactivating a user ends their sessions and sockets; they cannot sign in again', async () => {
    const team = await signupCompany(testApp.app);
    const email = `staff-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const created = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: team.token,
      body: { name: 'Staff Person', email, password: COMPANY_PASSWORD, access: ['chat.view'] },
    });
    expect(created.status).toBe(200);
    const staff = await login(testApp.app, email, COMPANY_PASSWORD);
    const socket = await openSocket(staff.token);
    const closed = closedWithinASecond(socket);

    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${staff.userId}`, {
      token: team.token,
      body: { active: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ active: false });
    await expect(closed).resolves.toBe('io server disconnect');
    await expectExpired(staff);
    const again = await call(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email, password: COMPANY_PASSWORD },
    });
    expect(again.status).toBe(403);
    expect(again.body.info).toBe('This account is disabled');
  });

  it('nobody deactivates themselves', async () => {
    const company = await signupCompany(testApp.app);
    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${company.userId}`, {
      token: company.token,
      body: { active: false },
    });
    expect(answer.status).toBe(403);
  });

  it("a blocked company's sessions answer Expired Token", async () => {
    const company = await signupCompany(testApp.app);
    await testApp.app.database.db
      .update(clients)
      .set({ status: 'blocked' })
      .where(eq(clients.id, company.clientId));
    await expectExpired(company);
    const again = await call(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email: company.email, password: COMPANY_PASSWORD },
    });
    expect(again.status).toBe(403);
  });
});
