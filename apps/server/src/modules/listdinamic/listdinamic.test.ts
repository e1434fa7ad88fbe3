import type { AddressInfo } from 'node:net';
import type { AuditEntry, Contact, ListItem } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leads } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { newPhone } from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let url: string;
let owner: Session;
let agent: Session;
let supervisor: Session;
let viewer: Session;
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
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const create = (session: Session, body: Record<string, unknown>) =>
  call<ListItem>(testApp.app, 'POST', '/api/v1/en/listdinamic/create', { token: session.token, body });

const createItem = async (body: Record<string, unknown>) => {
  const answer = await create(owner, body);
  expect(answer.status).toBe(200);
  return answer.body.data[0] as ListItem;
};

const search = (session: Session, body: Record<string, unknown> = {}) =>
  call<ListItem>(testApp.app, 'POST', '/api/v1/en/listdinamic/search', { token: session.token, body });

const auditOf = async (recordId: string) =>
  (
    await call<AuditEntry>(testApp.app, 'POST', '/api/v1/en/log/search', {
      token: owner.token,
      body: { filters: [{ key: 'record_id', condition: 'equalto', value: recordId }] },
    })
  ).body.data;

describe('dynamic lists', () => {
  it('answers the module and field pairs a company can define', async () => {
    const answer = await call(testApp.app, 'GET', '/api/v1/en/listdinamic/fields', { token: viewer.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toContainEqual({ module: 'contact', field: 'tags' });
    expect(answer.body.data).toContainEqual({ module: 'lead', field: 'status_id' });
    expect(
      (await call(testApp.app, 'GET', '/api/v1/en/listdinamic/fields', {})).status,
      'without a token',
    ).toBe(401);
  });

  it('creates a tag with the default colour, ignoring the client_id of the body, and lists it in order', async () => {
    const other = await signupCompany(testApp.app);
    const first = await createItem({
      client_id: other.clientId,
      module: 'contact',
      field: 'tags',
      name: 'Premium',
    });
    expect(first).toMatchObject({
      module: 'contact',
      field: 'tags',
      name: 'Premium',
      color: '#f44336',
      status: true,
    });
    const second = await createItem({ module: 'contact', field: 'tags', name: 'Alpha', color: '#00ff00' });
    expect(second.position).toBe(first.position + 1);
    const listed = await search(viewer, {
      client_id: other.clientId,
      filters: [{ key: 'module', condition: 'equalto', value: 'contact' }],
    });
    expect(listed.status).toBe(200);
    expect(listed.body.pagination?.offset).toBe(500);
    const names = listed.body.data.filter((item) => item.field === 'tags').map((item) => item.name);
    expect(names.indexOf('Premium')).toBeLessThan(names.indexOf('Alpha'));
    expect((await search(other)).body.data, "the other company's list").toEqual([]);
  });

  it('refuses the same name twice in one list with 409 on name, whatever the case', async () => {
    await createItem({ module: 'lead', field: 'tags', name: 'Hot' });
    const again = await create(owner, { module: 'lead', field: 'tags', name: 'hot' });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.path).toBe('name');
    expect((await create(owner, { module: 'lead', field: 'status_id', name: 'Hot' })).status).toBe(200);
  });

  it('answers 400 naming the field for a bad colour, an empty name, an unknown pair or an unknown key', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ module: 'contact', field: 'tags', name: 'x', color: 'red' }, 'color'],
      [{ module: 'contact', field: 'tags', name: '  ' }, 'name'],
      [{ module: 'deal', field: 'status_id', name: 'Won' }, 'field'],
      [{ module: 'contact', field: 'tags', name: 'x', extra: 1 }, 'extra'],
      [{ module: 'invoice', field: 'tags', name: 'x' }, 'module'],
    ];
    for (const [body, path] of cases) {
      const answer = await create(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.map((error) => error.path)).toContain(path);
    }
    const badFilter = await search(owner, {
      filters: [{ key: 'client_id', condition: 'equalto', value: 'x' }],
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.errors?.[0]?.path).toBe('filters.0.key');
  });

  it('lets a record editor add a tag inline but keeps changes and deletions for setting.edit', async () => {
    const tag = await create(agent, { module: 'contact', field: 'tags', name: 'Inline tag' });
    expect(tag.status).toBe(200);
    expect((await create(agent, { module: 'lead', field: 'tags', name: 'Lead tag' })).status).toBe(403);
    expect((await create(viewer, { module: 'contact', field: 'tags', name: 'Viewer tag' })).status).toBe(403);
    const id = tag.body.data[0]?.id;
    const renamed = await call(testApp.app, 'POST', `/api/v1/en/listdinamic/updateone/${id}`, {
      token: agent.token,
      body: { name: 'Renamed' },
    });
    expect(renamed.status).toBe(403);
    expect(
      (await call(testApp.app, 'GET', `/api/v1/en/listdinamic/deleteone/${id}`, { token: agent.token }))
        .status,
    ).toBe(403);
    const bySupervisor = await call<ListItem>(testApp.app, 'POST', `/api/v1/en/listdinamic/updateone/${id}`, {
      token: supervisor.token,
      body: { name: 'Renamed', color: '#112233', status: false },
    });
    expect(bySupervisor.status).toBe(200);
    expect(bySupervisor.body.data[0]).toMatchObject({ name: 'Renamed', color: '#112233', status: false });
  });

  it("answers 404 for another company's item and for an id that is not one", async () => {
    const other = await signupCompany(testApp.app);
    const foreign = await create(other, { module: 'contact', field: 'tags', name: 'Theirs' });
    const id = foreign.body.data[0]?.id;
    for (const target of [id, 'not-an-id']) {
      expect(
        (await call(testApp.app, 'GET', `/api/v1/en/listdinamic/search/${target}`, { token: owner.token }))
          .status,
      ).toBe(404);
      expect(
        (
          await call(testApp.app, 'POST', `/api/v1/en/listdinamic/updateone/${target}`, {
            token: owner.token,
            body: { name: 'Mine now' },
          })
        ).status,
      ).toBe(404);
      expect(
        (await call(testApp.app, 'GET', `/api/v1/en/listdinamic/deleteone/${target}`, { token: owner.token }))
          .status,
      ).toBe(404);
    }
    expect((await search(other)).body.data.map((item) => item.name)).toEqual(['Theirs']);
  });

  it('deleting an item in use strips it from the contacts and leads that carry it', async () => {
    const tag = await createItem({ module: 'contact', field: 'tags', name: 'Strip me' });
    const keep = await createItem({ module: 'contact', field: 'tags', name: 'Keep me' });
    const stage = await createItem({ module: 'contact', field: 'status_id', name: 'Qualified' });
    const created = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: owner.token,
      body: { name: 'Tagged Person', phone: newPhone(), tags: [tag.id, keep.id], stage: stage.id },
    });
    expect(created.status).toBe(200);
    const contactId = created.body.data[0]?.id;
    const leadTag = await createItem({ module: 'lead', field: 'tags', name: 'Lead strip' });
    const leadStatus = await createItem({ module: 'lead', field: 'status_id', name: 'Contacted' });
    const db = testApp.app.database.db;
    const [lead] = await db
      .insert(leads)
      .values({ client_id: owner.clientId, phone: newPhone(), tags: [leadTag.id], status_id: leadStatus.id })
      .returning();

    for (const item of [tag, stage, leadTag, leadStatus]) {
      const answer = await call(testApp.app, 'GET', `/api/v1/en/listdinamic/deleteone/${item.id}`, {
        token: owner.token,
      });
      expect(answer.status).toBe(200);
    }
    const contact = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${contactId}`, {
      token: owner.token,
    });
    expect(contact.body.data[0]).toMatchObject({ tags: [keep.id], stage: '' });
    const [stored] = await db
      .select()
      .from(leads)
      .where(eq(leads.id, lead?.id ?? ''));
    expect(stored).toMatchObject({ tags: [], status_id: '' });
    expect((await search(owner)).body.data.map((item) => item.id)).not.toContain(tag.id);
  });

  it('tells every colleague live and writes an audit row for each change', async () => {
    const watching = await sockets.listen(url, viewer.token);
    const item = await createItem({ module: 'task', field: 'status_id', name: 'Blocked' });
    await call(testApp.app, 'POST', `/api/v1/en/listdinamic/updateone/${item.id}`, {
      token: owner.token,
      body: { color: '#000000' },
    });
    await call(testApp.app, 'GET', `/api/v1/en/listdinamic/deleteone/${item.id}`, { token: owner.token });
    await vi.waitFor(() => {
      const actions = watching.seen.filter((seen) => seen.module === 'listdinamic' && seen.ref === item.id);
      expect(actions.map((seen) => seen.action)).toEqual(['create', 'update', 'delete']);
    });
    const rows = await auditOf(item.id);
    expect(rows.map((row) => row.action)).toEqual(['delete', 'update', 'create']);
    expect(rows[1]).toMatchObject({
      module: 'listdinamic',
      user_id: owner.userId,
      user_name: 'Olivia Owner',
      changes: { color: ['#f44336', '#000000'] },
    });
    expect(rows[2]?.changes.name).toEqual([null, 'Blocked']);
  });
});
