import type { AddressInfo } from 'node:net';
import type { AccountBundle, Newsletter, NewsletterCreateInput } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import type { NewslettersNow } from './newsletters.service';

let testApp: TestApp;
let master: Session;
let owner: Session;
let agent: Session;
let url: string;
const sockets = createTestSockets();

const api = (path: string) => `/api/v1/en/${path}`;
const HOUR = 3_600_000;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  agent = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const popup = {
  width: 640,
  height: 480,
  items: [{ title: 'Kanban', description: 'Drag deals', preview_url: 'https://cdn.example.com/k.png' }],
};

const create = (body: NewsletterCreateInput | Record<string, unknown>, token = master.token) =>
  call<Newsletter>(testApp.app, 'POST', api('newsletters/create'), { token, body });

const created = async (body: NewsletterCreateInput) => {
  const answer = await create(body);
  expect(answer.status).toBe(200);
  const newsletter = answer.body.data[0];
  if (!newsletter) throw new Error('no newsletter');
  return newsletter;
};

const showNow = async (session: Session) => {
  const answer = await call<NewslettersNow>(testApp.app, 'GET', api('newsletters'), { token: session.token });
  expect(answer.status).toBe(200);
  const now = answer.body.data[0];
  if (!now) throw new Error('nothing answered');
  return now;
};

const ids = (list: Newsletter[]) => list.map((newsletter) => newsletter.id);

const seen = (id: string, session: Session) =>
  call(testApp.app, 'POST', api(`newsletters/seen/${id}`), { token: session.token });

describe('who writes newsletters', () => {
  it('only the master: a company owner and a user are refused with 403, and nothing changes', async () => {
    const newsletter = await created({ title: 'Owned by the master', release_date: '2026-01-10' });
    for (const session of [owner, agent]) {
      expect((await create({ title: 'Mine', release_date: '2026-01-10' }, session.token)).status).toBe(403);
      const update = await call(testApp.app, 'PUT', api(`newsletters/updateone/${newsletter.id}`), {
        token: session.token,
        body: { title: 'Changed' },
      });
      expect(update.status).toBe(403);
      const remove = await call(testApp.app, 'DELETE', api(`newsletters/deleteone/${newsletter.id}`), {
        token: session.token,
      });
      expect(remove.status).toBe(403);
    }
    const read = await call<Newsletter>(testApp.app, 'GET', api(`newsletters/search/${newsletter.id}`), {
      token: agent.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data[0]?.title).toBe('Owned by the master');
  });

  it('the master creates, changes and deletes, each with its audit row', async () => {
    const newsletter = await created({
      title: 'Payments',
      category: 'bugfix',
      status: 'inprogress',
      release_date: '2026-02-01',
      issues: ['#120 totals'],
    });
    expect(newsletter).toMatchObject({ category: 'bugfix', status: 'inprogress', issues: ['#120 totals'] });
    const update = await call<Newsletter>(testApp.app, 'PUT', api(`newsletters/updateone/${newsletter.id}`), {
      token: master.token,
      body: { status: 'completed' },
    });
    expect(update.status).toBe(200);
    expect(update.body.data[0]).toMatchObject({ title: 'Payments', status: 'completed' });
    const remove = await call(testApp.app, 'DELETE', api(`newsletters/deleteone/${newsletter.id}`), {
      token: master.token,
    });
    expect(remove.status).toBe(200);
    const again = await call(testApp.app, 'GET', api(`newsletters/search/${newsletter.id}`), {
      token: master.token,
    });
    expect(again.status).toBe(404);
    const audit = (await testApp.app.database.db.execute(
      sql`select action, changes from audit_logs where module = 'newsletter' and record_id = ${newsletter.id}
          order by id`,
    )) as unknown as { rows: { action: string; changes: Record<string, [unknown, unknown]> }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect(audit.rows[1]?.changes.status).toEqual(['inprogress', 'completed']);
  });
});

describe('bad input and unknown ids', () => {
  it('answers 400 naming each wrong field', async () => {
    const answer = await create({
      title: '',
      category: 'rumour',
      release_date: 'tomorrow',
      // Well formed, but a year PostgreSQL cannot store.
      show_login_date: '0000-01-01T00:00:00Z',
      popup: { width: 600, height: 500, items: [] },
    });
    expect(answer.status).toBe(400);
    const paths = (answer.body.errors ?? []).map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining(['title', 'category', 'release_date', 'show_login_date', 'popup.items']),
    );
  });

  it('refuses a pop-up link or picture that is not http(s), naming it, on create and update', async () => {
    const harmful = ['javascript:alert(document.cookie)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>'];
    for (const link of harmful) {
      const answer = await create({
        title: 'Harmful link',
        release_date: '2026-01-10',
        popup: { ...popup, items: [{ title: 'Click', preview_url: link, redirect_url: link }] },
      });
      expect(answer.status, link).toBe(400);
      expect(answer.body.errors).toEqual([
        { path: 'popup.items.0.preview_url', message: 'Enter a valid URL' },
        { path: 'popup.items.0.redirect_url', message: 'Enter a valid URL' },
      ]);
    }
    const newsletter = await created({ title: 'Safe link', release_date: '2026-01-10', popup });
    const update = await call(testApp.app, 'PUT', api(`newsletters/updateone/${newsletter.id}`), {
      token: master.token,
      body: { popup: { ...popup, items: [{ title: 'Click', redirect_url: 'javascript:alert(1)' }] } },
    });
    expect(update.status).toBe(400);
    expect(update.body.errors?.map((error) => error.path)).toEqual(['popup.items.0.redirect_url']);
    const kept = await call<Newsletter>(testApp.app, 'GET', api(`newsletters/search/${newsletter.id}`), {
      token: master.token,
    });
    expect(kept.body.data[0]?.popup).toEqual({ ...popup, items: [{ ...popup.items[0], redirect_url: '' }] });
    // An http(s) link is still taken as it is.
    const linked = await created({
      title: 'Good link',
      release_date: '2026-01-10',
      popup: { ...popup, items: [{ title: 'Read', redirect_url: 'https://conversa.example/news' }] },
    });
    expect(linked.popup?.items[0]?.redirect_url).toBe('https://conversa.example/news');
  });

  it('answers 404 for an id that names no newsletter', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const answers = await Promise.all([
      call(testApp.app, 'GET', api(`newsletters/search/${missing}`), { token: owner.token }),
      call(testApp.app, 'GET', api('newsletters/search/not-an-id'), { token: owner.token }),
      call(testApp.app, 'PUT', api(`newsletters/updateone/${missing}`), {
        token: master.token,
        body: { title: 'x' },
      }),
      call(testApp.app, 'DELETE', api(`newsletters/deleteone/${missing}`), { token: master.token }),
      seen(missing, owner),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
  });
});

describe('what shows now', () => {
  it('a pop-up due shows once per user; one whose show_login_date is ahead stays hidden', async () => {
    const due = await created({
      title: 'Due pop-up',
      release_date: '2026-03-01',
      show_login_date: new Date(Date.now() - HOUR).toISOString(),
      popup,
    });
    const ahead = await created({
      title: 'Future pop-up',
      release_date: '2026-03-02',
      show_login_date: new Date(Date.now() + HOUR).toISOString(),
      popup,
    });
    const withoutPopup = await created({
      title: 'No pop-up',
      release_date: '2026-03-03',
      show_login_date: new Date(Date.now() - HOUR).toISOString(),
    });
    const before = await showNow(owner);
    expect(ids(before.modal_newsletter)).toContain(due.id);
    expect(ids(before.modal_newsletter)).not.toContain(ahead.id);
    expect(ids(before.modal_newsletter)).not.toContain(withoutPopup.id);
    expect(before.modal_newsletter.find((item) => item.id === due.id)?.popup).toEqual({
      ...popup,
      items: [{ ...popup.items[0], redirect_url: '' }],
    });

    expect((await seen(due.id, owner)).status).toBe(200);
    expect((await seen(due.id, owner)).status).toBe(200);
    expect(ids((await showNow(owner)).modal_newsletter)).not.toContain(due.id);
    // Seen by the owner, still due for a colleague.
    expect(ids((await showNow(agent)).modal_newsletter)).toContain(due.id);

    const bundle = await call<{ account: AccountBundle }>(
      testApp.app,
      'GET',
      `/api/v1/${agent.clientId}/${agent.userId}/account/search/en`,
      { token: agent.token },
    );
    const account = bundle.body.data[0]?.account;
    expect(ids(account?.modal_newsletter ?? [])).toContain(due.id);
    expect(ids(account?.popover_newsletter ?? [])).toContain(withoutPopup.id);
  });

  it('lists release news newest release first, and search finds by title contains, 20 a page', async () => {
    const older = await created({ title: 'Order check older', release_date: '2025-05-01' });
    const newer = await created({ title: 'Order check newer', release_date: '2025-06-01' });
    const list = ids((await showNow(agent)).popover_newsletter);
    expect(list.indexOf(newer.id)).toBeLessThan(list.indexOf(older.id));

    const search = await call<Newsletter>(testApp.app, 'POST', api('newsletters/search'), {
      token: agent.token,
      body: { filters: [{ key: 'title', condition: 'contains', value: 'order CHECK' }] },
    });
    expect(search.status).toBe(200);
    expect(ids(search.body.data)).toEqual([newer.id, older.id]);
    expect(search.body.pagination).toMatchObject({ total: 2, offset: 20 });
  });
});

describe('realtime', () => {
  it('a write reaches every company, not only the master’s', async () => {
    const stranger = await signupCompany(testApp.app);
    const demo = await sockets.listen(url, owner.token);
    const other = await sockets.listen(url, stranger.token);
    const newsletter = await created({ title: 'Everyone hears', release_date: '2026-04-01' });
    await expect
      .poll(() => [demo.seen, other.seen].map((list) => list.find((item) => item.module === 'newsletter')))
      .toEqual([
        expect.objectContaining({ action: 'create', ref: newsletter.id }),
        expect.objectContaining({ action: 'create', ref: newsletter.id }),
      ]);
  });
});
