import {
  type LoginData,
  RECOVERY_CODE_PATTERN,
  type SecondFactorLoginData,
  type TwoFactorChallenge,
  type TwoFactorEnrollment,
  type TwoFactorStatus,
} from '@conversa/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeOf } from '../../core/auth/totp';
import { sessions, users } from '../../core/db/schema';
import { DEFAULT_MASTER_LOGIN } from '../../core/db/seed-logins';
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

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp?.close());

/**
 * The authenticator's current code. A code is accepted once (a replay is refused), so a scenario that
 * needs another code in the same 30 seconds forgets the last accepted step first.
 */
const freshCode = async (userId: string, secret: string) => {
  await testApp.app.database.db.update(users).set({ totp_last_step: null }).where(eq(users.id, userId));
  return totpCodeOf(secret);
};

const sessionsOf = async (userId: string) =>
  (
    await testApp.app.database.db
      .select({ total: count() })
      .from(sessions)
      .where(eq(sessions.user_id, userId))
  )[0]?.total;

/** Turns two-factor on for a signed-in user; answers the secret and the recovery codes. */
const enable = async (session: Session) => {
  const enroll = await call<TwoFactorEnrollment>(testApp.app, 'POST', '/api/v1/en/twofactor/enroll', {
    token: session.token,
  });
  const secret = enroll.body.data[0]?.secret ?? '';
  const confirm = await call<{ recovery_codes: string[] }>(
    testApp.app,
    'POST',
    '/api/v1/en/twofactor/confirm',
    {
      token: session.token,
      body: { code: await freshCode(session.userId, secret) },
    },
  );
  expect(confirm.status).toBe(200);
  return { secret, recoveryCodes: confirm.body.data[0]?.recovery_codes ?? [] };
};

const passwordStep = (email: string, password = COMPANY_PASSWORD, remoteAddress?: string) =>
  call<LoginData | TwoFactorChallenge>(testApp.app, 'POST', '/api/v1/en/login', {
    body: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const codeStep = (challenge: string, code: string, remoteAddress?: string) =>
  call<SecondFactorLoginData>(testApp.app, 'POST', '/api/v1/en/login/twofactor', {
    body: { challenge, code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const challengeOf = (answer: { body: { data: Array<LoginData | TwoFactorChallenge> } }) => {
  const data = answer.body.data[0];
  if (!data || !('two_factor' in data)) throw new Error(`no challenge: ${JSON.stringify(answer.body)}`);
  return data;
};

const status = async (session: Session) =>
  (await call<TwoFactorStatus>(testApp.app, 'GET', '/api/v1/en/twofactor/status', { token: session.token }))
    .body.data[0];

describe('enrolling', () => {
  it('shows the secret once as a QR image and text, and switches on only with a right code', async () => {
    const company = await signupCompany(testApp.app);
    const enroll = await call<TwoFactorEnrollment>(testApp.app, 'POST', '/api/v1/en/twofactor/enroll', {
      token: company.token,
    });
    expect(enroll.status).toBe(200);
    const enrollment = enroll.body.data[0];
    expect(enrollment?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrollment?.otpauth_url).toMatch(/^otpauth:\/\/totp\/Conversa:.+secret=/);
    expect(enrollment?.qr).toMatch(/^data:image\/png;base64,/);
    // The secret is stored sealed, never as typed.
    const [row] = await testApp.app.database.db.select().from(users).where(eq(users.id, company.userId));
    expect(row?.totp_secret).toMatch(/^enc:v1:/);
    expect(await status(company)).toEqual({ enabled: false, required_by: null, recovery_codes_left: 0 });

    const wrong = await call(testApp.app, 'POST', '/api/v1/en/twofactor/confirm', {
      token: company.token,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'code', message: 'The code is not valid' }]);

    const confirm = await call<{ recovery_codes: string[] }>(
      testApp.app,
      'POST',
      '/api/v1/en/twofactor/confirm',
      {
        token: company.token,
        body: { code: totpCodeOf(enrollment?.secret ?? '') },
      },
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.info).toBe('Two-step verification is on');
    const codes = confirm.body.data[0]?.recovery_codes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(await status(company)).toEqual({ enabled: true, required_by: null, recovery_codes_left: 10 });
    const me = await call(testApp.app, 'GET', `/api/v1/en/user/search/${company.userId}`, {
      token: company.token,
    });
    expect(me.body.data[0]).toMatchObject({ two_factor: true });
    expect(JSON.stringify(me.body)).not.toContain('totp');
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code before any session exists, then accepts each code once', async () => {
    const company = await signupCompany(testApp.app);
    const { secret } = await enable(company);
    const before = await sessionsOf(company.userId);

    const first = await passwordStep(company.email);
    expect(first.status).toBe(200);
    expect(first.body.info).toBe('Enter the code from your authenticator app');
    const challenge = challengeOf(first);
    expect(challenge).toEqual({ two_factor: 'code', challenge: expect.any(String) });
    expect(JSON.stringify(first.body)).not.toContain('access_token');
    expect(await sessionsOf(company.userId)).toBe(before);

    const wrong = await codeStep(challenge.challenge, '123456');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'code', message: 'The code is not valid' }]);

    const code = await freshCode(company.userId, secret);
    const second = await codeStep(challenge.challenge, code);
    expect(second.status).toBe(200);
    const token = second.body.data[0]?.access_token ?? '';
    const me = await call(testApp.app, 'GET', `/api/v1/en/user/search/${company.userId}`, { token });
    expect(me.status).toBe(200);

    // The challenge is spent, and the same code does not open another sign-in.
    const reused = await codeStep(challenge.challenge, code);
    expect(reused.body.errors).toEqual([
      { path: 'challenge', message: 'The sign-in step expired, enter your password again' },
    ]);
    const replay = await codeStep(challengeOf(await passwordStep(company.email)).challenge, code);
    expect(replay.status).toBe(400);
    expect(replay.body.errors?.[0]?.path).toBe('code');
  });

  it('a recovery code stands in for the app once', async () => {
    const company = await signupCompany(testApp.app);
    const { recoveryCodes } = await enable(company);
    const recovery = recoveryCodes[0] ?? '';

    const used = await codeStep(
      challengeOf(await passwordStep(company.email)).challenge,
      recovery.toUpperCase(),
    );
    expect(used.status).toBe(200);
    expect(used.body.data[0]?.access_token).toBeDefined();
    const again = await codeStep(challengeOf(await passwordStep(company.email)).challenge, recovery);
    expect(again.status).toBe(400);
    expect((await status(company))?.recovery_codes_left).toBe(9);
  });

  it('wrong codes are limited per account: 429 with Retry-After before many guesses', async () => {
    const company = await signupCompany(testApp.app);
    await enable(company);
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let guess = 0; guess < 12; guess += 1) {
      // A fresh challenge and address for each guess: neither resets the account's count.
      const address = `192.0.2.${guess + 1}`;
      const { challenge } = challengeOf(await passwordStep(company.email, COMPANY_PASSWORD, address));
      const answer = await codeStep(challenge, String(100000 + guess), address);
      statuses.push(answer.status);
      if (answer.status === 429) {
        retryAfter = answer.headers['retry-after'];
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(5);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it('switching off needs a code or the password', async () => {
    const company = await signupCompany(testApp.app);
    await enable(company);
    const wrong = await call(testApp.app, 'POST', '/api/v1/en/twofactor/disable', {
      token: company.token,
      body: { password: 'Wrong#Pass2026' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.path).toBe('password');
    const off = await call(testApp.app, 'POST', '/api/v1/en/twofactor/disable', {
      token: company.token,
      body: { password: COMPANY_PASSWORD },
    });
    expect(off.status).toBe(200);
    const plain = await passwordStep(company.email);
    expect(plain.body.data[0]).toHaveProperty('access_token');
  });
});

describe('requiring two-factor', () => {
  const addStaff = async (owner: Session) => {
    const email = `staff-${Math.random().toString(36).slice(2, 10)}@example.com`;
    await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: { name: 'Staff Person', email, password: COMPANY_PASSWORD, access: ['chat.view'] },
    });
    return { email, session: await login(testApp.app, email, COMPANY_PASSWORD) };
  };

  it('the owner must use it first; then every user without it is signed out and made to enroll', async () => {
    const owner = await signupCompany(testApp.app);
    const staff = await addStaff(owner);

    const tooSoon = await call(testApp.app, 'PUT', '/api/v1/en/twofactor/policy', {
      token: owner.token,
      body: { required: true },
    });
    expect(tooSoon.status).toBe(412);
    expect(tooSoon.body.info).toBe('Turn on two-step verification for yourself first');
    const byStaff = await call(testApp.app, 'PUT', '/api/v1/en/twofactor/policy', {
      token: staff.session.token,
      body: { required: true },
    });
    expect(byStaff.status).toBe(403);

    await enable(owner);
    const rule = await call(testApp.app, 'PUT', '/api/v1/en/twofactor/policy', {
      token: owner.token,
      body: { required: true },
    });
    expect(rule.status).toBe(200);
    const ended = await call(testApp.app, 'GET', `/api/v1/en/user/search/${staff.session.userId}`, {
      token: staff.session.token,
    });
    expect(ended.status).toBe(401);
    const ownerStill = await call(testApp.app, 'GET', `/api/v1/en/user/search/${owner.userId}`, {
      token: owner.token,
    });
    expect(ownerStill.status).toBe(200);

    // The staff user's next sign-in shows a new secret and gives a session only once it is confirmed.
    const first = await passwordStep(staff.email);
    expect(first.body.info).toBe('Your company requires two-step verification: set it up to continue');
    const challenge = challengeOf(first);
    expect(challenge.two_factor).toBe('enroll');
    expect(challenge.enrollment?.qr).toMatch(/^data:image\/png;base64,/);
    const recoveryInstead = await codeStep(challenge.challenge, 'abcde-fghjk');
    expect(recoveryInstead.status).toBe(400);
    const done = await codeStep(challenge.challenge, totpCodeOf(challenge.enrollment?.secret ?? ''));
    expect(done.status).toBe(200);
    expect(done.body.data[0]?.recovery_codes).toHaveLength(10);
    const staffSession = { ...staff.session, token: done.body.data[0]?.access_token ?? '' };
    expect(await status(staffSession)).toEqual({
      enabled: true,
      required_by: 'company',
      recovery_codes_left: 10,
    });

    const disable = await call(testApp.app, 'POST', '/api/v1/en/twofactor/disable', {
      token: staffSession.token,
      body: { password: COMPANY_PASSWORD },
    });
    expect(disable.status).toBe(412);
    expect(disable.body.info).toBe('Your company requires two-step verification');
  });

  it('the master enforces it on a company and its owner cannot lift it', async () => {
    const owner = await signupCompany(testApp.app);
    const master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
    const byOwner = await call(testApp.app, 'PUT', `/api/v1/en/twofactor/policy/${owner.clientId}`, {
      token: owner.token,
      body: { required: true },
    });
    expect(byOwner.status).toBe(403);

    const enforced = await call(testApp.app, 'PUT', `/api/v1/en/twofactor/policy/${owner.clientId}`, {
      token: master.token,
      body: { required: true },
    });
    expect(enforced.status).toBe(200);
    const ended = await call(testApp.app, 'GET', `/api/v1/en/user/search/${owner.userId}`, {
      token: owner.token,
    });
    expect(ended.status).toBe(401);

    const first = challengeOf(await passwordStep(owner.email));
    expect(first.two_factor).toBe('enroll');
    const done = await codeStep(first.challenge, totpCodeOf(first.enrollment?.secret ?? ''));
    const ownerSession = { ...owner, token: done.body.data[0]?.access_token ?? '' };
    const lift = await call(testApp.app, 'PUT', '/api/v1/en/twofactor/policy', {
      token: ownerSession.token,
      body: { required: false },
    });
    expect(lift.status).toBe(200);
    expect((await status(ownerSession))?.required_by).toBe('platform');
  });
});
