import { type AdminUser, EXPIRED_TOKEN } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_LOGIN } from '../../core/db/seed-logins';
import { startSmtpInbox } from '../../test/smtp-inbox';
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
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let master: Session;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  testApp = await createTestApp({ smtpUrl: inbox.url });
  master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
});
afterAll(async () => {
  await testApp?.close();
  await inbox?.close();
});

/** The search box of the screen: name, e-mail or company containing the text. */
const searchFor = (text: string) =>
  call<AdminUser>(testApp.app, 'POST', '/api/v1/en/useradmin/search', {
    token: master.token,
    body: {
      logical: 'or',
      filters: ['name', 'email', 'client_name'].map((key) => ({ key, condition: 'contains', value: text })),
    },
  });

describe('users admin (master)', () => {
  it('finds users of every company by name, e-mail or company, with the company name', async () => {
    const tag = `ua${Date.now().toString(36)}`;
    const first = await signupCompany(testApp.app, { company: `Alpha ${tag}` });
    const second = await signupCompany(testApp.app, { company: `Beta ${tag}` });

    const byCompany = await searchFor(tag);
    expect(byCompany.status).toBe(200);
    expect(byCompany.body.data.map((user) => user.email).sort()).toEqual([first.email, second.email].sort());
    expect(byCompany.body.data.find((user) => user.id === first.userId)).toMatchObject({
      client_id: first.clientId,
      client_name: `Alpha ${tag}`,
      account: 'client',
      active: true,
    });
    const byEmail = await searchFor(second.email.toUpperCase());
    expect(byEmail.body.data.map((user) => user.id)).toEqual([second.userId]);
    expect(byEmail.body.pagination).toEqual({ total: 1, page: 1, offset: 25 });
  });

  it('sends the password reset mail that restore sends, audited in the user’s company', async () => {
    const company = await signupCompany(testApp.app);
    const before = inbox.mails.length;
    const answer = await call(testApp.app, 'POST', `/api/v1/en/useradmin/restore/${company.userId}`, {
      token: master.token,
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => inbox.mails.length).toBe(before + 1);
    const mail = inbox.mails.at(-1);
    expect(mail?.to).toEqual([company.email]);
    expect(mail?.text).toContain('Recibimos una solicitud para restablecer tu contraseña');
  });

  it('deactivating refuses the user’s session and sign-in; reactivating lets them back', async () => {
    const company = await signupCompany(testApp.app);
    const off = await call<AdminUser>(
      testApp.app,
      'POST',
      `/api/v1/en/useradmin/deactivate/${company.userId}`,
      {
        token: master.token,
      },
    );
    expect(off.status).toBe(200);
    expect(off.body.data[0]?.active).toBe(false);

    const stale = await call(testApp.app, 'GET', '/api/v1/en/client/profile', { token: company.token });
    expect(stale.status).toBe(401);
    expect(stale.body.info).toBe(EXPIRED_TOKEN);
    const signIn = await call(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email: company.email, password: COMPANY_PASSWORD },
    });
    expect(signIn.status).toBe(403);

    const on = await call<AdminUser>(testApp.app, 'POST', `/api/v1/en/useradmin/activate/${company.userId}`, {
      token: master.token,
    });
    expect(on.body.data[0]?.active).toBe(true);
    await expect(login(testApp.app, company.email, COMPANY_PASSWORD)).resolves.toMatchObject({
      userId: company.userId,
    });
  });

  it('never deactivates a master account (403) and answers 404 for an unknown user', async () => {
    const self = await call(testApp.app, 'POST', `/api/v1/en/useradmin/deactivate/${master.userId}`, {
      token: master.token,
    });
    expect(self.status).toBe(403);
    const unknown = await call(testApp.app, 'POST', '/api/v1/en/useradmin/restore/not-a-user', {
      token: master.token,
    });
    expect(unknown.status).toBe(404);
  });
});
