import type {
  LoginData,
  Newsletter,
  SecondFactorLoginData,
  SessionInfo,
  TwoFactorChallenge,
  TwoFactorEnrollment,
  TwoFactorStatus,
} from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeOf } from '../../core/auth/totp';
import { users } from '../../core/db/schema';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  type ApiAnswer,
  COMPANY_PASSWORD,
  call,
  createTestApp,
  login,
  type Session,
  signupCompany,
  type TestApp,
} from '../../test/test-app';
import type { NewslettersNow } from '../newsletters/newsletters.service';

let testApp: TestApp;
let master: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
}, 60_000);
afterAll(async () => testApp?.close());

const api = (path: string) => `/api/v1/en/${path}`;
const HOUR = 3_600_000;
const OWNER_ONLY = 'Only the owner can do this on their own account, not while you act as them';

/** The master's session as the company's owner, as the console's "act as" opens it. */
const actAs = async (clientId: string): Promise<Session> => {
  const started = await call<LoginData>(testApp.app, 'POST', api(`client/impersonate/${clientId}`), {
    token: master.token,
  });
  const data = started.body.data[0];
  if (started.status !== 200 || !data) throw new Error(`no impersonation: ${JSON.stringify(started.body)}`);
  return { token: data.access_token, clientId: data.clientid, userId: data.userid };
};

const expectOwnerOnly = (answer: ApiAnswer<unknown>) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(403);
  expect(answer.body.info).toBe(OWNER_ONLY);
};

const twoFactorOf = async (session: Session) =>
  (await call<TwoFactorStatus>(testApp.app, 'GET', api('twofactor/status'), { token: session.token })).body
    .data[0];

describe('acting as the owner leaves the owner’s own account alone', () => {
  it('two-factor cannot be switched on, confirmed or off (403): the owner’s stays as it was', async () => {
    const owner = await signupCompany(testApp.app);
    const acting = await actAs(owner.clientId);

    expectOwnerOnly(await call(testApp.app, 'POST', api('twofactor/enroll'), { token: acting.token }));
    expectOwnerOnly(
      await call(testApp.app, 'POST', api('twofactor/confirm'), {
        token: acting.token,
        body: { code: '123456' },
      }),
    );
    expect(await twoFactorOf(owner)).toEqual({ enabled: false, required_by: null, recovery_codes_left: 0 });

    // The owner switches it on with their own authenticator; acting as them cannot switch it off or replace it.
    const enrollment = await call<TwoFactorEnrollment>(testApp.app, 'POST', api('twofactor/enroll'), {
      token: owner.token,
    });
    const secret = enrollment.body.data[0]?.secret ?? '';
    const confirmed = await call(testApp.app, 'POST', api('twofactor/confirm'), {
      token: owner.token,
      body: { code: totpCodeOf(secret) },
    });
    expect(confirmed.status).toBe(200);
    expectOwnerOnly(
      await call(testApp.app, 'POST', api('twofactor/disable'), {
        token: acting.token,
        body: { password: COMPANY_PASSWORD },
      }),
    );
    expectOwnerOnly(await call(testApp.app, 'POST', api('twofactor/enroll'), { token: acting.token }));
    expect(await twoFactorOf(owner)).toEqual({ enabled: true, required_by: null, recovery_codes_left: 10 });

    // The owner's own authenticator still signs them in. (Its last code was spent on the confirmation.)
    await testApp.app.database.db
      .update(users)
      .set({ totp_last_step: null })
      .where(eq(users.id, owner.userId));
    const challenge = await call<TwoFactorChallenge>(testApp.app, 'POST', api('login'), {
      body: { email: owner.email, password: COMPANY_PASSWORD },
    });
    const signedIn = await call<SecondFactorLoginData>(testApp.app, 'POST', api('login/twofactor'), {
      body: { challenge: challenge.body.data[0]?.challenge, code: totpCodeOf(secret) },
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data[0]?.userid).toBe(owner.userId);
  });

  it('no password is changed, the owner’s nor a colleague’s, and the owner’s sessions stay open', async () => {
    const owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const agent = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    const acting = await actAs(owner.clientId);
    const newPassword = { current_password: DEMO_LOGINS.owner.password, password: 'Taken#Over2026' };

    expectOwnerOnly(
      await call(testApp.app, 'POST', api(`user/updatepassword/${owner.userId}`), {
        token: acting.token,
        body: newPassword,
      }),
    );
    expectOwnerOnly(
      await call(testApp.app, 'POST', api(`user/updatepassword/${agent.userId}`), {
        token: acting.token,
        body: { password: 'Taken#Over2026' },
      }),
    );
    // Both still sign in with their own passwords.
    await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);

    const listed = await call<SessionInfo>(testApp.app, 'GET', api('session/search'), {
      token: acting.token,
    });
    expect(listed.body.data.length).toBeGreaterThan(1);
    for (const session of listed.body.data.filter((item) => !item.current))
      expectOwnerOnly(
        await call(testApp.app, 'DELETE', api(`session/deleteone/${session.id}`), { token: acting.token }),
      );
    expect((await call(testApp.app, 'GET', api('client/profile'), { token: owner.token })).status).toBe(200);
  });

  it('a pop-up is not marked seen for the owner: they still get it at their next sign-in', async () => {
    const owner = await signupCompany(testApp.app);
    const acting = await actAs(owner.clientId);
    const created = await call<Newsletter>(testApp.app, 'POST', api('newsletters/create'), {
      token: master.token,
      body: {
        title: 'Kanban for deals',
        release_date: '2026-03-01',
        show_login_date: new Date(Date.now() - HOUR).toISOString(),
        popup: { width: 640, height: 480, items: [{ title: 'Kanban', description: 'Drag deals' }] },
      },
    });
    const popup = created.body.data[0]?.id ?? '';
    const popupsOf = async (session: Session) =>
      (
        await call<NewslettersNow>(testApp.app, 'GET', api('newsletters'), { token: session.token })
      ).body.data[0]?.modal_newsletter.map((item) => item.id);

    expect(await popupsOf(acting)).toContain(popup);
    expectOwnerOnly(
      await call(testApp.app, 'POST', api(`newsletters/seen/${popup}`), { token: acting.token }),
    );
    expect(await popupsOf(owner)).toContain(popup);

    // The owner's own "seen" still counts.
    expect(
      (await call(testApp.app, 'POST', api(`newsletters/seen/${popup}`), { token: owner.token })).status,
    ).toBe(200);
    expect(await popupsOf(owner)).not.toContain(popup);
  });
});
