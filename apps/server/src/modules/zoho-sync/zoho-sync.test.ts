import { type Contact, type Integration, type IntegrationSyncProgress, maskSecret } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translate } from '../../core/i18n/i18n';
import { type FakeZoho, startFakeZoho } from '../../test/fakes/fake-zoho';
import { call, createTestApp, type Session, signupCompany, type TestApp } from '../../test/test-app';

const CREDENTIALS = {
  clientId: '1000.SYNCCLIENT',
  clientSecret: 'sync-client-secret',
  refreshToken: '1000.refresh.sync',
};
const WAIT = { timeout: 15_000, interval: 100 };

let testApp: TestApp;
let zoho: FakeZoho;
let company: Session;
let other: Session;

beforeAll(async () => {
  zoho = await startFakeZoho(CREDENTIALS);
  testApp = await createTestApp({ zohoAccountsUrl: zoho.url, zohoApiUrl: zoho.url });
  company = await signupCompany(testApp.app);
  other = await signupCompany(testApp.app);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await zoho?.close();
});

const api = <T = Integration>(
  session: Session,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) => call<T>(testApp.app, method, `/api/v1/en/${path}`, { token: session.token, body });

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await testApp.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const zohoIntegration = async (
  session: Session,
  config: Record<string, unknown> = {},
): Promise<Integration> => {
  const answer = await api(session, 'POST', 'integration/create', {
    type: 'crmzoho',
    name: 'Zoho CRM',
    config: {
      client_id: CREDENTIALS.clientId,
      client_secret: CREDENTIALS.clientSecret,
      refresh_token: CREDENTIALS.refreshToken,
      ...config,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Integration;
};

const integrationOf = async (session: Session, id: string) =>
  (await api(session, 'GET', `integration/search/${id}`)).body.data[0] as Integration;

const upsertedPhones = (module: string) =>
  zoho
    .upserts()
    .filter((entry) => entry.module === module)
    .flatMap((entry) => entry.data.map((record) => record.Phone));

describe('Zoho CRM integration', () => {
  let integration: Integration;

  it('is created with its secrets stored encrypted and answered masked', async () => {
    integration = await zohoIntegration(company, { sync_leads: true });
    expect(integration).toMatchObject({ type: 'crmzoho', status: 'connected', device_ids: [] });
    expect(integration.config).toEqual({
      data_centre: 'com',
      client_id: CREDENTIALS.clientId,
      client_secret: maskSecret(CREDENTIALS.clientSecret),
      refresh_token: maskSecret(CREDENTIALS.refreshToken),
      sync_contacts: true,
      sync_leads: true,
    });
    const [stored] = await rows<{ config: Record<string, string> }>(
      sql`select config from integrations where id = ${integration.id}`,
    );
    expect(JSON.stringify(stored?.config)).not.toContain(CREDENTIALS.refreshToken);
    const refused = await api(company, 'POST', 'integration/create', {
      type: 'crmzoho',
      name: 'Zoho',
      config: { ...integration.config, data_centre: 'de' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((error) => error.path)).toContain('config.data_centre');
  });

  it('tests the connection with a token and a read of the organization', async () => {
    const answer = await api(company, 'POST', `integration/test/${integration.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ status: 'connected', error: '' });
    expect(zoho.received((request) => request.path === '/crm/v8/org')).not.toHaveLength(0);
  });

  it('upserts a new contact and a changed lead, and keeps their Zoho ids', async () => {
    const phone = '56922223333';
    const created = await api<Contact>(company, 'POST', 'contact/create', { name: 'Marta Rojas', phone });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const contactId = (created.body.data[0] as Contact).id;
    await vi.waitFor(async () => {
      const [link] = await rows<{ external_id: string }>(
        sql`select external_id from integration_links where record_id = ${contactId} and module = 'contact'`,
      );
      expect(link?.external_id).toMatch(/^\d+$/);
    }, WAIT);
    expect(upsertedPhones('Contacts')).toContain(phone);
    const sent = zoho.upserts().find((entry) => entry.data.some((record) => record.Phone === phone));
    expect(sent?.data.find((record) => record.Phone === phone)).toMatchObject({
      First_Name: 'Marta',
      Last_Name: 'Rojas',
    });
    expect(sent?.duplicateCheckFields).toEqual(['Email', 'Phone']);

    const lead = await api<{ id: string }>(company, 'POST', 'lead/create', {
      first_name: 'Lucía',
      last_name: 'Pérez',
      phone: '56944445555',
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    const leadId = (lead.body.data[0] as { id: string }).id;
    await vi.waitFor(() => expect(upsertedPhones('Leads')).toContain('56944445555'), WAIT);
    const renamed = await api(company, 'PUT', `lead/updateone/${leadId}`, { last_name: 'Pérez Soto' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await vi.waitFor(
      () =>
        expect([...zoho.records('Leads').values()]).toContainEqual(
          expect.objectContaining({ Phone: '56944445555', Last_Name: 'Pérez Soto' }),
        ),
      WAIT,
    );
    // The change updated the lead Zoho already had (found by phone), under the id kept for it.
    expect(
      [...zoho.records('Leads').values()].filter((record) => record.Phone === '56944445555'),
    ).toHaveLength(1);
    const [leadLink] = await rows<{ external_id: string }>(
      sql`select external_id from integration_links where record_id = ${leadId} and module = 'lead'`,
    );
    expect(zoho.records('Leads').has(leadLink?.external_id ?? '')).toBe(true);
    const after = await integrationOf(company, integration.id);
    expect(after.last_sync_at).not.toBeNull();
  });

  it('syncs everything 100 a call in the background, announcing its progress', async () => {
    const session = await signupCompany(testApp.app);
    const own = await zohoIntegration(session, { sync_leads: false });
    await testApp.app.database.db.execute(sql`
      insert into contacts (client_id, first_name, last_name, full_name, phone, email)
      select ${session.clientId}, 'Paciente', 'N' || g, 'Paciente N' || g, '5697' || lpad(g::text, 7, '0'),
        'sync' || g || '@example.com'
      from generate_series(1, 250) g`);
    const before = zoho.upserts().length;
    const answer = await api(session, 'POST', `integration/sync/${own.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.info).toBe('Sync started');
    const again = await api(session, 'POST', `integration/sync/${own.id}`);
    expect(again.body.info).toBe('A sync is already running');

    const progress = async () =>
      (
        await rows<{ data: IntegrationSyncProgress[] }>(
          sql`select data from realtime_events where client_id = ${session.clientId} and module = 'integration'
            and action = 'sync' order by seq`,
        )
      ).map((row) => row.data[0] as IntegrationSyncProgress);
    await vi.waitFor(async () => expect((await progress()).at(-1)?.finished).toBe(true), WAIT);
    expect((await progress()).map(({ done, total }) => [done, total])).toEqual([
      [0, 250],
      [100, 250],
      [200, 250],
      [250, 250],
      [250, 250],
    ]);
    const calls = zoho.upserts().slice(before);
    expect(calls.map((entry) => [entry.module, entry.data.length])).toEqual([
      ['Contacts', 100],
      ['Contacts', 100],
      ['Contacts', 50],
    ]);
    for (const entry of calls) expect(entry.authorization).toMatch(/^Zoho-oauthtoken /);
    const [links] = await rows<{ linked: number }>(
      sql`select count(*)::int as linked from integration_links where integration_id = ${own.id} and external_id <> ''`,
    );
    expect(links?.linked).toBe(250);
    expect((await integrationOf(session, own.id)).last_sync_at).not.toBeNull();
  });

  it('sends a burst of changes together, with one access token', async () => {
    const session = await signupCompany(testApp.app);
    await zohoIntegration(session);
    const tokens = zoho.tokensIssued();
    const phones = Array.from({ length: 12 }, (_, index) => `5698800${String(index).padStart(4, '0')}`);
    const answers = await Promise.all(
      phones.map((phone, index) =>
        api<Contact>(session, 'POST', 'contact/create', { name: `Ráfaga ${index}`, phone }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(phones.map(() => 200));
    await vi.waitFor(() => expect(upsertedPhones('Contacts')).toEqual(expect.arrayContaining(phones)), WAIT);
    const carrying = zoho
      .upserts()
      .filter((entry) => entry.data.some((record) => phones.includes(String(record.Phone))));
    // One call, or two when the burst straddles the coalescing window.
    expect(carrying.length).toBeLessThanOrEqual(2);
    expect(zoho.tokensIssued() - tokens).toBeLessThanOrEqual(1);
  });

  it("answers 404 for another company's integration", async () => {
    for (const path of [`integration/search/${integration.id}`]) {
      expect((await api(other, 'GET', path)).status).toBe(404);
    }
    for (const path of [`integration/sync/${integration.id}`, `integration/test/${integration.id}`]) {
      expect((await api(other, 'POST', path)).status).toBe(404);
    }
  });

  it('turns to error with the reason when Zoho refuses the refresh token, and stops until new settings', async () => {
    zoho.revoke(CREDENTIALS.refreshToken);
    await api<Contact>(company, 'POST', 'contact/create', { name: 'Tras Revocar', phone: '56955556666' });
    const reason = translate('es', 'info.zohoTokenRefused');
    await vi.waitFor(
      async () =>
        expect(await integrationOf(company, integration.id)).toMatchObject({
          status: 'error',
          error: reason,
        }),
      WAIT,
    );
    const tokenCalls = zoho.received((request) => request.path === '/oauth/v2/token').length;
    const upserts = zoho.upserts().length;
    await api<Contact>(company, 'POST', 'contact/create', { name: 'En Pausa', phone: '56966667777' });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(zoho.received((request) => request.path === '/oauth/v2/token')).toHaveLength(tokenCalls);
    expect(zoho.upserts()).toHaveLength(upserts);

    const changed = await api(company, 'PUT', `integration/updateone/${integration.id}`, {
      config: { refresh_token: '1000.refresh.new' },
    });
    expect(changed.body.data[0]).toMatchObject({ status: 'connected', error: '' });
  });
});
