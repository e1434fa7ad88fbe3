import { ACCOUNT_BUNDLE_KEYS, type AccountBundle, type Device } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
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
let owner: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
});
afterAll(async () => testApp?.close());

const bundleUrl = (session: Pick<Session, 'clientId' | 'userId'>, locale = 'es') =>
  `/api/v1/${session.clientId}/${session.userId}/account/search/${locale}`;

describe('account bundle', () => {
  it('answers the twelve keys of the spec (and impersonation, null here) with the user, the company and its team', async () => {
    const answer = await call<{ account: AccountBundle }>(testApp.app, 'GET', bundleUrl(owner), {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    const account = answer.body.data[0]?.account;
    expect(Object.keys(account ?? {}).sort()).toEqual([...ACCOUNT_BUNDLE_KEYS, 'impersonation'].sort());
    expect(account?.impersonation).toBeNull();
    expect(account?.user).toMatchObject({
      id: owner.userId,
      email: DEMO_LOGINS.owner.email,
      account: 'client',
    });
    expect(account?.client).toMatchObject({
      id: owner.clientId,
      name: 'Demo Company',
      subdomain: 'DemoCompany',
    });
    expect(account?.list_user).toHaveLength(4);
    expect(Object.keys(account?.list_user[0] ?? {}).sort()).toEqual([
      'account',
      'email',
      'id',
      'name',
      'online',
    ]);
    // The demo company's seeded sandbox device, connected, as the device list shows it.
    expect(account?.list_device).toEqual([
      expect.objectContaining({ name: 'Sandbox', status: 'connected', setting: expect.objectContaining({}) }),
    ]);
  });

  it("shows colleagues' e-mails and account types only to a reader with user.view", async () => {
    const agent = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    const answer = await call<{ account: AccountBundle }>(testApp.app, 'GET', bundleUrl(agent), {
      token: agent.token,
    });
    const team = answer.body.data[0]?.account.list_user ?? [];
    expect(team).toHaveLength(4);
    for (const colleague of team) expect(Object.keys(colleague).sort()).toEqual(['id', 'name', 'online']);
    expect(JSON.stringify(team)).not.toContain('@demo.test');
    // Their own e-mail stays in `user`.
    expect(answer.body.data[0]?.account.user.email).toBe(DEMO_LOGINS.agent.email);
  });

  it("carries the company's tags and statuses, the user's own and the company's views and the setting views", async () => {
    const company = await signupCompany(testApp.app);
    const tag = await call(testApp.app, 'POST', '/api/v1/en/listdinamic/create', {
      token: company.token,
      body: { module: 'contact', field: 'tags', name: 'VIP' },
    });
    expect(tag.status).toBe(200);
    const view = (shared: boolean) =>
      call(testApp.app, 'POST', '/api/v1/en/view/create', {
        token: company.token,
        body: { module: 'lead', name: shared ? 'Team' : 'Mine', columns: ['full_name'], shared },
      });
    await Promise.all([view(true), view(false)]);
    const colleagueEmail = `colleague-${Date.now()}@example.com`;
    await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: company.token,
      body: { name: 'Colleague', email: colleagueEmail, password: COMPANY_PASSWORD, access: ['chat.view'] },
    });
    const colleague = await login(testApp.app, colleagueEmail, COMPANY_PASSWORD);

    const bundleOf = async (session: Session, locale: string) =>
      (
        await call<{ account: AccountBundle }>(testApp.app, 'GET', bundleUrl(session, locale), {
          token: session.token,
        })
      ).body.data[0]?.account;
    const mine = await bundleOf(company, 'es');
    expect(mine?.list_dinamic).toEqual([
      expect.objectContaining({ module: 'contact', field: 'tags', name: 'VIP', color: '#f44336' }),
    ]);
    expect(mine?.views.map((item) => item.name).sort()).toEqual(['Mine', 'Team']);
    expect(Object.keys(mine?.setting_views ?? {}).sort()).toEqual([
      'contact',
      'deal',
      'lead',
      'payment',
      'task',
    ]);
    expect(mine?.setting_views.contact?.find((field) => field.key === 'tags')).toMatchObject({
      name: 'Etiquetas',
      type: 'tags',
    });
    const theirs = await bundleOf(colleague, 'en');
    expect(theirs?.views.map((item) => item.name)).toEqual(['Team']);
    expect(theirs?.list_dinamic).toHaveLength(1);
    expect(theirs?.setting_views.lead?.find((field) => field.key === 'full_name')?.name).toBe('Full name');
  });

  it('never carries a password hash', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: bundleUrl(owner),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.body).not.toMatch(/password|argon2/i);
  });

  it("answers 404 for another company's or another user's ids", async () => {
    const other = await signupCompany(testApp.app);
    const foreignClient = await call(
      testApp.app,
      'GET',
      bundleUrl({ clientId: other.clientId, userId: owner.userId }),
      {
        token: owner.token,
      },
    );
    expect(foreignClient.status).toBe(404);
    expect(foreignClient.body.data).toEqual([]);
    const foreignUser = await call(
      testApp.app,
      'GET',
      bundleUrl({ clientId: owner.clientId, userId: other.userId }),
      {
        token: owner.token,
      },
    );
    expect(foreignUser.status).toBe(404);
  });

  it("gives the devices' secrets only to a user with device.edit", async () => {
    const devicesOf = async (session: Session) => {
      const answer = await call<{ account: AccountBundle }>(testApp.app, 'GET', bundleUrl(session), {
        token: session.token,
      });
      expect(answer.status).toBe(200);
      return (answer.body.data[0]?.account.list_device ?? []) as Device[];
    };
    const [shownToOwner] = await devicesOf(owner);
    const secret = shownToOwner?.setting.conect.config.secret;
    expect(secret).toEqual(expect.any(String));

    const email = `device-viewer-${Date.now()}@example.com`;
    const created = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: {
        name: 'Device Viewer',
        email,
        password: COMPANY_PASSWORD,
        access: ['device.view', 'chat.view'],
      },
    });
    expect(created.status).toBe(200);
    const [shownToViewer] = await devicesOf(await login(testApp.app, email, COMPANY_PASSWORD));
    expect(shownToViewer?.setting.conect).toMatchObject({ type: 'sandbox', webhook_url: expect.any(String) });
    expect(shownToViewer?.setting.conect.config).not.toHaveProperty('secret');

    // Without device.view the chat still gets what its composer needs, and no provider settings at all.
    const chatOnly = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    const [shownToChat] = await devicesOf(chatOnly);
    expect(shownToChat).toMatchObject({
      name: 'Sandbox',
      status: 'connected',
      setting: { conect: { type: 'sandbox' } },
    });
    expect(shownToChat?.setting.conect).not.toHaveProperty('config');
    expect(shownToChat?.setting.conect).not.toHaveProperty('webhook_url');
    expect(JSON.stringify(shownToChat)).not.toContain(String(secret));
  });

  it('answers 404 for an unknown locale and 401 without a token', async () => {
    expect((await call(testApp.app, 'GET', bundleUrl(owner, 'xx'), { token: owner.token })).status).toBe(404);
    expect((await call(testApp.app, 'GET', bundleUrl(owner))).status).toBe(401);
  });

  it('shows a plan past its last day (in the company time zone) as unpaid so the web can ask to renew', async () => {
    const company = await signupCompany(testApp.app);
    const fresh = await call<{ account: AccountBundle }>(testApp.app, 'GET', bundleUrl(company), {
      token: company.token,
    });
    expect(fresh.body.data[0]?.account.client.is_paid).toBeNull();
    await testApp.app.database.db
      .update(clients)
      .set({ plan_expires_at: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(clients.id, company.clientId));
    const expired = await call<{ account: AccountBundle }>(testApp.app, 'GET', bundleUrl(company), {
      token: company.token,
    });
    expect(expired.body.data[0]?.account.client.is_paid).toBe(false);
  });

  it("carries the company's market flag, which the web's access check reads (spec section 6)", async () => {
    const company = await signupCompany(testApp.app);
    const bundleOf = async () =>
      (
        await call<{ account: AccountBundle }>(testApp.app, 'GET', bundleUrl(company), {
          token: company.token,
        })
      ).body.data[0]?.account.client.market;
    expect(await bundleOf()).toBe(false);
    await testApp.app.database.db
      .update(clients)
      .set({ market: true })
      .where(eq(clients.id, company.clientId));
    expect(await bundleOf()).toBe(true);
  });
});
