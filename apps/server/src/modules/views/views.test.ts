import type { AddressInfo } from 'node:net';
import type { AuditEntry, SettingViewField, View } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let url: string;
let owner: Session;
let agent: Session;
let viewer: Session;
const sockets = createTestSockets();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  [owner, agent, viewer] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
    login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password),
  ]);
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const api = '/api/v1/en';

const create = (session: Session, body: Record<string, unknown>) =>
  call<View>(testApp.app, 'POST', `${api}/view/create`, { token: session.token, body });

const createView = async (session: Session, body: Record<string, unknown>) => {
  const answer = await create(session, { module: 'contact', columns: ['info.full_name'], ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as View;
};

const update = (session: Session, id: string, body: Record<string, unknown>) =>
  call<View>(testApp.app, 'PUT', `${api}/view/updateone/${id}`, { token: session.token, body });

const searchViews = async (session: Session, module = 'contact') =>
  (
    await call<View>(testApp.app, 'POST', `${api}/view/search`, {
      token: session.token,
      body: { filters: [{ key: 'module', condition: 'equalto', value: module }] },
    })
  ).body.data;

describe('the setting view of a module', () => {
  it('answers every field with its translated name, type and conditions', async () => {
    const answer = await call<SettingViewField>(testApp.app, 'GET', '/api/v1/es/view/fields/contact', {
      token: viewer.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.find((field) => field.key === 'info.phone')).toMatchObject({
      i18n: 'records.field.phone',
      name: 'Teléfono',
      type: 'phone',
      filter: true,
    });
    expect(answer.body.data.find((field) => field.key === 'stage')).toMatchObject({
      type: 'select',
      list: 'status_id',
      conditions: ['equalto', 'in', 'empty', 'notempty'],
    });
    const lead = await call<SettingViewField>(testApp.app, 'GET', '/api/v1/ar/view/fields/lead', {
      token: viewer.token,
    });
    expect(lead.body.data.find((field) => field.key === 'full_name')?.name).toBe('الاسم الكامل');
    const unknown = await call(testApp.app, 'GET', `${api}/view/fields/invoice`, { token: viewer.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.path).toBe('module');
  });
});

describe('saved views', () => {
  it('saves, opens, changes and deletes a personal view', async () => {
    const view = await createView(agent, {
      name: 'My hot contacts',
      columns: ['info.full_name', 'info.phone', 'tags'],
      filters: { filters: [{ key: 'tags', condition: 'in', value: ['x'] }], logical: 'or' },
      sort: { key: 'create_date', order: 'desc' },
      kanban: { columns: ['info.phone'] },
    });
    expect(view).toMatchObject({ owner: agent.userId, is_default: false, module: 'contact' });
    const opened = await call<View>(testApp.app, 'GET', `${api}/view/search/${view.id}`, {
      token: agent.token,
    });
    expect(opened.body.data[0]).toMatchObject({ name: 'My hot contacts', filters: { logical: 'or' } });
    const changed = await update(agent, view.id, { name: 'Renamed', columns: ['info.email'] });
    expect(changed.status).toBe(200);
    expect(changed.body.data[0]).toMatchObject({
      name: 'Renamed',
      columns: ['info.email'],
      sort: { key: 'create_date' },
    });
    const deleted = await call(testApp.app, 'DELETE', `${api}/view/deleteone/${view.id}`, {
      token: agent.token,
    });
    expect(deleted.status).toBe(200);
    expect(
      (await call(testApp.app, 'GET', `${api}/view/search/${view.id}`, { token: agent.token })).status,
    ).toBe(404);
  });

  it('takes a whole search body as its filters, keeping its filters and ignoring its page and size', async () => {
    const search = {
      page: 3,
      offset: 50,
      filters: [{ key: 'info.full_name', condition: 'contains', value: 'ana' }],
      logical: 'or',
      sort: { key: 'create_date', order: 'asc' },
    };
    const view = await createView(agent, { name: 'From the search box', filters: search });
    expect(view.filters).toEqual({ filters: search.filters, logical: 'or' });
    const changed = await update(agent, view.id, { filters: { ...search, page: 1, logical: 'and' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data[0]?.filters).toEqual({ filters: search.filters, logical: 'and' });
  });

  it('answers 400 naming the path of a key the module does not have', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ columns: ['info.full_name', 'info.phone', 'password_hash'] }, 'columns.2'],
      [
        { filters: { filters: [{ key: 'client_id', condition: 'equalto', value: 'x' }] } },
        'filters.filters.0.key',
      ],
      [
        { filters: { filters: [{ key: 'tags', condition: 'gt', value: 'x' }] } },
        'filters.filters.0.condition',
      ],
      [{ sort: { key: 'nope', order: 'asc' } }, 'sort.key'],
      [{ sort: { key: 'tags', order: 'asc' } }, 'sort.key'],
      [{ columns: [] }, 'columns'],
      [{ module: 'lead', columns: ['info.full_name'] }, 'columns.0'],
      [{ module: 'invoice' }, 'module'],
    ];
    for (const [body, path] of cases) {
      const answer = await create(owner, {
        module: 'contact',
        name: 'Bad',
        columns: ['info.full_name'],
        ...body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.map((error) => error.path)).toContain(path);
    }
    const view = await createView(owner, { name: 'Good' });
    const bad = await update(owner, view.id, { columns: ['info.full_name', 'full_name'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({
      path: 'columns.1',
      message: 'This field cannot be searched',
    });
  });

  it("shows a user their own views and the company's, never a colleague's personal one", async () => {
    const mine = await createView(agent, { name: 'Agent only' });
    const company = await createView(owner, { name: 'For everyone', shared: true });
    expect(company.owner).toBeNull();
    const seenByViewer = (await searchViews(viewer)).map((view) => view.id);
    expect(seenByViewer).toContain(company.id);
    expect(seenByViewer).not.toContain(mine.id);
    expect(
      (await call(testApp.app, 'GET', `${api}/view/search/${mine.id}`, { token: viewer.token })).status,
    ).toBe(404);
    expect((await update(viewer, mine.id, { name: 'Mine now' })).status).toBe(404);
    expect(
      (await call(testApp.app, 'DELETE', `${api}/view/deleteone/${mine.id}`, { token: owner.token })).status,
    ).toBe(404);
    const other = await signupCompany(testApp.app);
    expect(
      (await call(testApp.app, 'GET', `${api}/view/search/${company.id}`, { token: other.token })).status,
    ).toBe(404);
    expect((await update(other, company.id, { name: 'Taken' })).status).toBe(404);
    expect(await searchViews(other)).toEqual([]);
  });

  it("needs setting.edit for the company's views", async () => {
    expect(
      (await create(agent, { module: 'contact', name: 'Shared', columns: ['tags'], shared: true })).status,
    ).toBe(403);
    const company = await createView(owner, { name: 'Company default', shared: true });
    expect((await update(agent, company.id, { name: 'Changed' })).status).toBe(403);
    expect(
      (await call(testApp.app, 'DELETE', `${api}/view/deleteone/${company.id}`, { token: agent.token }))
        .status,
    ).toBe(403);
    const personal = await createView(agent, { name: 'Personal' });
    expect((await update(agent, personal.id, { shared: true })).status).toBe(403);
    const madeShared = await update(owner, (await createView(owner, { name: 'Was mine' })).id, {
      shared: true,
    });
    expect(madeShared.body.data[0]?.owner).toBeNull();
  });

  it('keeps one default per module and owner, unsetting the previous one', async () => {
    const company = await signupCompany(testApp.app);
    const first = await createView(company, { name: 'First', is_default: true });
    await createView(company, { name: 'Second', is_default: true });
    await createView(company, { name: 'Shared default', is_default: true, shared: true });
    await createView(company, {
      module: 'lead',
      name: 'Lead default',
      columns: ['full_name'],
      is_default: true,
    });
    const defaults = async () =>
      [...(await searchViews(company)), ...(await searchViews(company, 'lead'))]
        .filter((view) => view.is_default)
        .map((view) => view.name)
        .sort();
    expect(await defaults()).toEqual(['Lead default', 'Second', 'Shared default']);
    await update(company, first.id, { is_default: true });
    expect(await defaults()).toEqual(['First', 'Lead default', 'Shared default']);
  });

  it('tells the owner live, colleagues only that a personal view changed, and writes audit rows', async () => {
    const ownerSocket = await sockets.listen(url, agent.token);
    const colleague = await sockets.listen(url, viewer.token);
    const personal = await createView(agent, { name: 'Live personal' });
    const shared = await createView(owner, { name: 'Live shared', shared: true });
    await vi.waitFor(() => {
      expect(ownerSocket.seen.find((seen) => seen.ref === personal.id)?.data[0]).toMatchObject({
        name: 'Live personal',
      });
      expect(colleague.seen.find((seen) => seen.ref === shared.id)?.data[0]).toMatchObject({
        name: 'Live shared',
      });
    });
    const stub = colleague.seen.find((seen) => seen.ref === personal.id);
    expect(stub?.data[0]).toEqual({ id: personal.id, module: 'contact', owner: agent.userId });
    const rows = await call<AuditEntry>(testApp.app, 'POST', `${api}/log/search`, {
      token: owner.token,
      body: {
        filters: [
          { key: 'module', condition: 'equalto', value: 'view' },
          { key: 'record_id', condition: 'equalto', value: personal.id },
        ],
      },
    });
    expect(rows.body.data[0]).toMatchObject({
      action: 'create',
      user_id: agent.userId,
      changes: { name: [null, 'Live personal'] },
    });
  });
});
