import { CLIENT_PERMISSIONS, EXPIRED_TOKEN, LOGIN_ATTEMPTS, RESET_MAILS_PER_ACCOUNT } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, sessions, users } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { startSmtpInbox } from '../../test/smtp-inbox';
import {
  COMPANY_PASSWORD,
  call,
  createTestApp,
  login,
  signupCompany,
  type TestApp,
} from '../../test/test-app';

let testApp: TestApp;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  testApp = await createTestApp({ smtpUrl: inbox.url });
});
afterAll(async () => {
  await testApp?.close();
  await inbox?.close();
});

const validSignup = (overrides: Record<string, unknown> = {}) => ({
  company: `Acme ${Math.random().toString(36).slice(2, 8)}`,
  email: `boss-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: '+56 9 8765 4321',
  quantityemple: 2,
  nameuser: 'Boss Person',
  password: 'Strong#Pass1',
  ...overrides,
});

describe('sign-up', () => {
  it('creates the company on the trial plan with every client permission and its owner', async () => {
    const input = validSignup({ company: 'Nueva  Empresa Uno' });
    const answer = await call(testApp.app, 'POST', '/api/v1/en/signup', { body: input });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status_codes: 200, data: [], info: 'account created successfully' });

    const [owner] = await testApp.app.database.db.select().from(users).where(eq(users.email, input.email));
    expect(owner).toMatchObject({ account: 'client', language: 'es', answer: true, name: 'Boss Person' });
    const [client] = await testApp.app.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, owner?.client_id ?? ''));
    expect(client).toMatchObject({
      subdomain: 'NuevaEmpresaUno',
      phone: '56987654321',
      country: 'CL',
      timezone: 'America/Santiago',
      language: 'es',
      industry: 'serviciosSalud',
      is_paid: null,
    });
    expect(client?.access).toEqual([...CLIENT_PERMISSIONS]);
    const days = ((client?.plan_expires_at?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('answers in Spanish on the es path', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/es/signup', { body: validSignup() });
    expect(answer.body.info).toBe('cuenta creada exitosamente');
  });

  it.each([
    ['company', { company: 'ab' }],
    ['email', { email: 'not-an-email' }],
    ['nameuser', { nameuser: 'ab' }],
    ['password', { password: 'weakpass' }],
    ['quantityemple', { quantityemple: 0 }],
    ['phone', { phone: '' }],
    ['language', { language: 'de' }],
    ['industry', { industry: 'mining' }],
  ])('refuses a bad %s with 400 naming the field', async (field, overrides) => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/signup', { body: validSignup(overrides) });
    expect(answer.status).toBe(400);
    expect(answer.body.status_codes).toBe(400);
    expect(answer.body.info).toBe('Invalid data');
    expect(answer.body.errors?.map((error) => error.path)).toContain(field);
  });

  it("refuses a phone that is not one of the country's (spec section 5) with the phone message", async () => {
    for (const overrides of [{ phone: 'abc' }, { country: 'CL', phone: '+56 1 2345 6789' }]) {
      const answer = await call(testApp.app, 'POST', '/api/v1/en/signup', { body: validSignup(overrides) });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toContainEqual({ path: 'phone', message: 'Enter a valid phone number' });
    }
  });

  it('translates the field messages into the request language', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/es/signup', {
      body: validSignup({ nameuser: 'ab' }),
    });
    expect(answer.body.info).toBe('Datos inválidos');
    expect(answer.body.errors).toContainEqual({
      path: 'nameuser',
      message: 'Debe tener al menos 3 caracteres',
    });
  });

  it('refuses an e-mail that is already registered with 409 on email', async () => {
    const input = validSignup();
    await call(testApp.app, 'POST', '/api/v1/en/signup', { body: input });
    const answer = await call(testApp.app, 'POST', '/api/v1/en/signup', {
      body: { ...validSignup(), email: input.email.toUpperCase() },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.errors?.[0]?.path).toBe('email');
  });
});

describe('login', () => {
  it('answers the token and who it belongs to, and records the login time', async () => {
    const answer = await call<{ access_token: string; clientid: string; userid: string }>(
      testApp.app,
      'POST',
      '/api/v1/en/login',
      { body: { email: DEMO_LOGINS.owner.email, password: DEMO_LOGINS.owner.password } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.info).toBe('Login successfully!');
    const data = answer.body.data[0];
    expect(data?.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await testApp.app.database.db
      .select()
      .from(users)
      .where(eq(users.id, data?.userid ?? ''));
    expect(row?.client_id).toBe(data?.clientid);
    expect(row?.last_login).toBeInstanceOf(Date);
  });

  it('refuses a wrong password with 401 in English and in Spanish', async () => {
    const body = { email: DEMO_LOGINS.agent.email, password: 'Wrong#Pass1' };
    const english = await call(testApp.app, 'POST', '/api/v1/en/login', { body });
    expect(english.status).toBe(401);
    expect(english.body.info).toBe('Invalid email or password!');
    const spanish = await call(testApp.app, 'POST', '/api/v1/es/login', { body });
    expect(spanish.body.info).toBe('¡Correo o contraseña inválidos!');
  });

  it('refuses an unknown e-mail exactly like a wrong password', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email: 'nobody@example.com', password: 'Wrong#Pass1' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.info).toBe('Invalid email or password!');
  });

  it('answers 429 with Retry-After once an account must wait, even with the right password', async () => {
    const company = await signupCompany(testApp.app);
    const remoteAddress = '203.0.113.7';
    for (let attempt = 0; attempt <= LOGIN_ATTEMPTS.perAccount.free; attempt += 1) {
      const failed = await call(testApp.app, 'POST', '/api/v1/en/login', {
        body: { email: company.email, password: 'Wrong#Pass1' },
        remoteAddress,
      });
      expect(failed.status).toBe(401);
    }
    const blocked = await call(testApp.app, 'POST', '/api/v1/es/login', {
      body: { email: company.email, password: COMPANY_PASSWORD },
      remoteAddress,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.body.info).toBe('Demasiados intentos, inténtalo de nuevo en 1 s');
    // A spoofed X-Forwarded-For does not escape the limit when no proxy is trusted.
    const spoofed = await call(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email: company.email, password: COMPANY_PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.1' },
      remoteAddress,
    });
    expect(spoofed.status).toBe(429);
    // Another account is not held back by this one's failures.
    await expect(
      login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password),
    ).resolves.toBeDefined();
  });
});

describe('tokens', () => {
  it('a logged-out token answers 401 Expired Token', async () => {
    const session = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    const logout = await call(testApp.app, 'GET', '/api/v1/en/logout', { token: session.token });
    expect(logout.status).toBe(200);
    const after = await call(testApp.app, 'GET', `/api/v1/en/user/search/${session.userId}`, {
      token: session.token,
    });
    expect(after.status).toBe(401);
    expect(after.body.info).toBe(EXPIRED_TOKEN);
  });

  it('an expired token answers 401 Expired Token, in any language', async () => {
    const session = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    await testApp.app.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, session.userId));
    const after = await call(testApp.app, 'GET', `/api/v1/es/user/search/${session.userId}`, {
      token: session.token,
    });
    expect(after.status).toBe(401);
    expect(after.body.info).toBe(EXPIRED_TOKEN);
  });

  it('a garbage token answers 401 Invalid token, and no token too', async () => {
    const garbage = await call(testApp.app, 'GET', '/api/v1/en/logout', { token: 'not-a-real-token' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.info).toBe('Invalid token');
    const none = await call(testApp.app, 'GET', '/api/v1/en/logout');
    expect(none.status).toBe(401);
    expect(none.body.info).toBe('Invalid token');
  });

  it('accepts the token in the access-token header too', async () => {
    const session = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    const answer = await call(testApp.app, 'GET', `/api/v1/en/user/search/${session.userId}`, {
      headers: { 'access-token': session.token },
    });
    expect(answer.status).toBe(200);
  });
});

describe('password restore', () => {
  it('mails a link whose token sets a new password and ends the old sessions', async () => {
    const company = await signupCompany(testApp.app, { language: 'en' });
    const oldSession = await login(testApp.app, company.email, COMPANY_PASSWORD);
    const before = inbox.mails.length;

    const answer = await call(testApp.app, 'POST', '/api/v1/en/restore', { body: { email: company.email } });
    expect(answer.status).toBe(200);
    expect(inbox.mails.length).toBe(before + 1);
    const mail = inbox.mails.at(-1);
    expect(mail?.to).toEqual([company.email]);
    expect(mail?.text).toContain('Reset your Conversa password');
    const token = mail?.text.match(/http:\/\/conversa\.test\/signin\?restore=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeDefined();

    const confirm = await call(testApp.app, 'POST', '/api/v1/en/restore/confirm', {
      body: { token, password: 'Brand#New2026' },
    });
    expect(confirm.status).toBe(200);

    await expect(login(testApp.app, company.email, 'Brand#New2026')).resolves.toBeDefined();
    await expect(login(testApp.app, company.email, COMPANY_PASSWORD)).rejects.toThrow();
    const old = await call(testApp.app, 'GET', '/api/v1/en/logout', { token: oldSession.token });
    expect(old.body.info).toBe(EXPIRED_TOKEN);

    const reused = await call(testApp.app, 'POST', '/api/v1/es/restore/confirm', {
      body: { token, password: 'Another#One2026' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual([{ path: 'token', message: 'El enlace expiró o ya fue utilizado' }]);
  });

  it('answers the same 200 for an unknown e-mail and sends nothing', async () => {
    const known = await call(testApp.app, 'POST', '/api/v1/en/restore', {
      body: { email: DEMO_LOGINS.viewer.email },
    });
    const before = inbox.mails.length;
    const unknown = await call(testApp.app, 'POST', '/api/v1/en/restore', {
      body: { email: 'ghost@example.com' },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.info).toBe(known.body.info);
    expect(inbox.mails.length).toBe(before);
  });

  it('writes the mail in Spanish for a Spanish-speaking user', async () => {
    await call(testApp.app, 'POST', '/api/v1/en/restore', { body: { email: DEMO_LOGINS.owner.email } });
    expect(inbox.mails.at(-1)?.text).toContain('Recibimos una solicitud para restablecer tu contraseña');
  });

  it('answers 429 when one address asks for too many reset mails', async () => {
    const ask = () =>
      call(testApp.app, 'POST', '/api/v1/en/restore', {
        body: { email: 'ghost@example.com' },
        remoteAddress: '203.0.113.99',
      });
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt += 1) answers.push(await ask());
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[10]?.status).toBe(429);
    expect(answers[10]?.body).toEqual({
      status_codes: 429,
      data: [],
      info: 'Too many requests, please try again later',
    });
  });

  it('mails one account only a few links however many addresses ask, answering each of them the same', async () => {
    const company = await signupCompany(testApp.app);
    const ask = (email: string, remoteAddress: string) =>
      call(testApp.app, 'POST', '/api/v1/en/restore', { body: { email }, remoteAddress });
    const unknown = await ask('nobody-at-all@example.com', '198.51.100.200');
    const before = inbox.mails.length;

    const answers = [];
    for (let requester = 1; requester <= 12; requester += 1)
      answers.push(await ask(company.email, `198.51.100.${requester}`));

    // Held back or not, the requester cannot tell it from any other answer, an unknown e-mail's included.
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(unknown.body);
    }
    const mailed = inbox.mails.slice(before).filter((mail) => mail.to.includes(company.email));
    expect(mailed).toHaveLength(RESET_MAILS_PER_ACCOUNT.max);
  });

  it('refuses a made-up token with 400 on token', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/restore/confirm', {
      body: { token: 'made-up', password: 'Brand#New2026' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { path: 'token', message: 'The link has expired or was already used' },
    ]);
  });
});
