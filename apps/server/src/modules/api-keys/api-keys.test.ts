import type { AddressInfo } from 'node:net';
import type { ApiKey, Contact, CreatedApiKey, Lead } from '@conversa/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../core/auth/tokens';
import { clients } from '../../core/db/schema';
import { newPhone } from '../../test/messaging-fixtures';
import { connected, createTestSockets } from '../../test/sockets';
import { call, createTestApp, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let other: Session;
let url: string;
const sockets = createTestSockets();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = await signupCompany(testApp.app);
  other = await signupCompany(testApp.app);
}, 60_000);

afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await testApp.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const manage = <T = ApiKey>(session: Session, method: 'POST' | 'DELETE', path: string, body?: unknown) =>
  call<T>(testApp.app, method, `/api/v1/en/${path}`, { token: session.token, body });

const createKey = async (body: Record<string, unknown>, session = owner): Promise<CreatedApiKey> => {
  const answer = await manage<CreatedApiKey>(session, 'POST', 'apikey/create', { name: 'CRM', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as CreatedApiKey;
};

/** A call of the outside system: the key in X-API-Key, no session. */
const withKey = <T = Record<string, unknown>>(
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => call<T>(testApp.app, method, `/api/v1/en/${path}`, { headers: { 'x-api-key': key }, body });

describe('managing API keys', () => {
  it('answers the whole key once on create; the search and the database never show it', async () => {
    const created = await createKey({ name: 'Zapier', scopes: ['contacts.read'] });
    expect(created.key).toMatch(/^cvk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Zapier',
      prefix: created.key.slice(0, 12),
      scopes: ['contacts.read'],
      revoked_at: null,
      expires_at: null,
      last_used_at: null,
      created_by: owner.userId,
    });

    const listed = await manage(owner, 'POST', 'apikey/search', {});
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((key) => key.id)).toContain(created.id);
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
    expect(JSON.stringify(listed.body)).not.toContain(hashToken(created.key));
    expect(listed.body.data[0]).not.toHaveProperty('key');
    expect(listed.body.data[0]).not.toHaveProperty('key_hash');

    const stored = await rowsOf<{ key_hash: string; prefix: string }>(
      sql`select * from api_keys where id = ${created.id}`,
    );
    expect(stored[0]?.key_hash).toBe(hashToken(created.key));
    expect(JSON.stringify(stored)).not.toContain(created.key);

    // Another company does not see it.
    const theirs = await manage(other, 'POST', 'apikey/search', {});
    expect(theirs.body.data.map((key) => key.id)).not.toContain(created.id);

    // The write is audited and announced to the company's open Settings pages.
    const notified = await rowsOf<{ action: string; data: unknown }>(
      sql`select action, data from realtime_events where module = 'apikey' and ref = ${created.id}`,
    );
    expect(notified.map((row) => row.action)).toEqual(['create']);
    expect(JSON.stringify(notified)).not.toContain(created.key);
  });

  it('refuses a bad body naming the field', async () => {
    for (const [body, path] of [
      [{ name: 'A', scopes: [] }, 'scopes'],
      [{ name: 'A', scopes: ['deals.write'] }, 'scopes.0'],
      [{ name: '', scopes: ['leads.read'] }, 'name'],
      [{ name: 'A', scopes: ['leads.read'], expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
      [{ name: 'A', scopes: ['leads.read'], expires_at: 'tomorrow' }, 'expires_at'],
    ] as const) {
      const answer = await manage(owner, 'POST', 'apikey/create', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.map((error) => error.path)).toContain(path);
    }
  });

  it('revokes a key (406 the second time; 404 for another company) and audits both writes', async () => {
    const created = await createKey({ scopes: ['contacts.read'] });
    expect((await manage(other, 'DELETE', `apikey/deleteone/${created.id}`)).status).toBe(404);
    const revoked = await manage(owner, 'DELETE', `apikey/deleteone/${created.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data[0]?.revoked_at).not.toBeNull();
    expect((await manage(owner, 'DELETE', `apikey/deleteone/${created.id}`)).status).toBe(406);

    const audit = await rowsOf<{ action: string; user_id: string }>(
      sql`select action, user_id from audit_logs where module = 'apikey' and record_id = ${created.id} order by id`,
    );
    expect(audit).toEqual([
      { action: 'create', user_id: owner.userId },
      { action: 'update', user_id: owner.userId },
    ]);
  });
});

describe('calling the API with a key', () => {
  it('a key with contacts.write and leads.write creates and updates a contact and a lead, audited as the key', async () => {
    const created = await createKey({ name: 'HubSpot sync', scopes: ['contacts.write', 'leads.write'] });
    const contact = await withKey<Contact>(created.key, 'POST', 'contact/create', {
      name: 'Pedro Pérez',
      phone: newPhone(),
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const contactId = String(contact.body.data[0]?.id);
    const changed = await withKey<Contact>(created.key, 'PUT', `contact/updateone/${contactId}`, {
      info: { email: 'pedro@example.com' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // The Bearer form works as well.
    const lead = await call<Lead>(testApp.app, 'POST', '/api/v1/en/lead/create', {
      token: created.key,
      body: { first_name: 'Ana', last_name: 'Rojas', phone: newPhone() },
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    const leadId = String(lead.body.data[0]?.id);
    const leadChanged = await withKey<Lead>(created.key, 'PUT', `lead/updateone/${leadId}`, {
      first_name: 'Anita',
    });
    expect(leadChanged.status, JSON.stringify(leadChanged.body)).toBe(200);

    // It was the owner's company that got them, as changed.
    const found = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${contactId}`, {
      token: owner.token,
    });
    expect(found.status).toBe(200);
    expect(found.body.data[0]?.info.email).toBe('pedro@example.com');

    const audit = await rowsOf<{ module: string; action: string; user_id: string | null; user_name: string }>(
      sql`select module, action, user_id, user_name from audit_logs
          where client_id = ${owner.clientId} and record_id in (${contactId}, ${leadId}) order by id`,
    );
    expect(audit.map((row) => `${row.module}.${row.action}`)).toEqual([
      'contact.create',
      'contact.update',
      'lead.create',
      'lead.update',
    ]);
    for (const row of audit) expect(row).toMatchObject({ user_id: null, user_name: 'API key HubSpot sync' });

    // Writing does not include reading.
    expect((await withKey(created.key, 'POST', 'contact/search', {})).status).toBe(403);
    expect((await withKey(created.key, 'GET', `lead/search/${leadId}`)).status).toBe(403);
  });

  it('a write-only key learns only the id of what it creates or changes; with the read scope, the record', async () => {
    const writeOnly = await createKey({ scopes: ['contacts.write', 'leads.write'] });
    const contact = await withKey(writeOnly.key, 'POST', 'contact/create', {
      name: 'Marta Soto',
      phone: newPhone(),
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    expect(contact.body.info).toBe('Contact created');
    const contactId = String(contact.body.data[0]?.id);
    expect(contact.body.data).toEqual([{ id: contactId }]);
    const contactChanged = await withKey(writeOnly.key, 'PUT', `contact/updateone/${contactId}`, {
      info: { email: 'marta@example.com' },
    });
    expect(contactChanged.status, JSON.stringify(contactChanged.body)).toBe(200);
    expect(contactChanged.body.data).toEqual([{ id: contactId }]);

    const lead = await withKey(writeOnly.key, 'POST', 'lead/create', {
      first_name: 'Luis',
      last_name: 'Soto',
      phone: newPhone(),
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    const leadId = String(lead.body.data[0]?.id);
    expect(lead.body.data).toEqual([{ id: leadId }]);
    const leadChanged = await withKey(writeOnly.key, 'PUT', `lead/updateone/${leadId}`, {
      last_name: 'Mora',
    });
    expect(leadChanged.status, JSON.stringify(leadChanged.body)).toBe(200);
    expect(leadChanged.body.data).toEqual([{ id: leadId }]);

    const readWrite = await createKey({ scopes: ['contacts.read', 'contacts.write'] });
    const whole = await withKey<Contact>(readWrite.key, 'PUT', `contact/updateone/${contactId}`, {
      info: { email: 'marta.soto@example.com' },
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body.data[0]).toMatchObject({ id: contactId, info: { email: 'marta.soto@example.com' } });
  });

  it('a read-only key searches and reads but gets 403 on create, and on every other route', async () => {
    const created = await createKey({ scopes: ['contacts.read', 'leads.read'] });
    const searched = await withKey<Contact>(created.key, 'POST', 'contact/search', {});
    expect(searched.status, JSON.stringify(searched.body)).toBe(200);
    expect((await withKey(created.key, 'POST', 'lead/search', {})).status).toBe(200);

    const refused = await withKey(created.key, 'POST', 'contact/create', { name: 'X', phone: newPhone() });
    expect(refused.status).toBe(403);

    for (const [method, path, body] of [
      ['POST', 'deal/search', {}],
      ['POST', 'user/search', {}],
      ['POST', 'integration/search', {}],
      ['POST', 'apikey/search', {}],
      ['POST', 'apikey/create', { name: 'Escalated', scopes: ['contacts.write'] }],
      ['POST', 'contact/export', {}],
      ['POST', 'contact/chats', {}],
      ['GET', 'logout', undefined],
    ] as const) {
      const answer = await withKey(created.key, method, path, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body.info, path).toBe(
        'An API key can only reach the contact and lead routes (search, one, create and update)',
      );
    }
    const account = await call(
      testApp.app,
      'GET',
      `/api/v1/${owner.clientId}/${owner.userId}/account/search/en`,
      { headers: { 'x-api-key': created.key } },
    );
    expect(account.status).toBe(403);
  });

  it("a key of one company reading another company's contact answers 404", async () => {
    const theirs = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: other.token,
      body: { name: 'Ajeno', phone: newPhone() },
    });
    expect(theirs.status).toBe(200);
    const created = await createKey({ scopes: ['contacts.read', 'contacts.write'] });
    const id = String(theirs.body.data[0]?.id);
    expect((await withKey(created.key, 'GET', `contact/search/${id}`)).status).toBe(404);
    expect((await withKey(created.key, 'PUT', `contact/updateone/${id}`, { tags: [] })).status).toBe(404);
  });

  it('a revoked, expired, unknown or blocked company key answers 401', async () => {
    const revoked = await createKey({ scopes: ['contacts.read'] });
    expect((await withKey(revoked.key, 'POST', 'contact/search', {})).status).toBe(200);
    await manage(owner, 'DELETE', `apikey/deleteone/${revoked.id}`);
    const afterRevoke = await withKey(revoked.key, 'POST', 'contact/search', {});
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.info).toBe('Expired Token');

    const expiring = await createKey({
      scopes: ['contacts.read'],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await withKey(expiring.key, 'POST', 'contact/search', {})).status).toBe(200);
    await testApp.app.database.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expiring.id}`,
    );
    expect((await withKey(expiring.key, 'POST', 'contact/search', {})).status).toBe(401);

    const unknown = await withKey(`cvk_${'A'.repeat(43)}`, 'POST', 'contact/search', {});
    expect(unknown.status).toBe(401);
    expect(unknown.body.info).toBe('Invalid token');

    const company = await signupCompany(testApp.app);
    const blockedKey = await createKey({ scopes: ['contacts.read'] }, company);
    expect((await withKey(blockedKey.key, 'POST', 'contact/search', {})).status).toBe(200);
    await testApp.app.database.db
      .update(clients)
      .set({ status: 'blocked' })
      .where(eq(clients.id, company.clientId));
    expect((await withKey(blockedKey.key, 'POST', 'contact/search', {})).status).toBe(401);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const created = await createKey({ scopes: ['leads.read'] });
    await withKey(created.key, 'POST', 'lead/search', {});
    const lastUsed = async () =>
      (
        await rowsOf<{ last_used_at: Date | null }>(
          sql`select last_used_at from api_keys where id = ${created.id}`,
        )
      )[0]?.last_used_at;
    await expect.poll(lastUsed).not.toBeNull();
    const first = await lastUsed();
    await withKey(created.key, 'POST', 'lead/search', {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastUsed()).toEqual(first);
  });

  it('a key never opens a socket', async () => {
    const created = await createKey({ scopes: ['contacts.read'] });
    await expect(connected(sockets.open(url, created.key))).rejects.toThrow();
  });

  it('publishes the X-API-Key scheme in the OpenAPI document, on the routes a key may call', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(document.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    expect(document.paths['/api/v1/{locale}/contact/create']?.post?.security).toEqual([
      { bearer: [] },
      { apiKey: [] },
    ]);
    expect(document.paths['/api/v1/{locale}/deal/create']?.post?.security).toBeUndefined();
  });
});
