import {
  type DealContact,
  type DealKanbanColumn,
  type DealStageChange,
  dealCreateSchema,
  type Pipeline,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../core/db/schema';
import { createEventBus, type DomainEvents } from '../../core/events';
import type { AuthContext } from '../../core/http/fastify-types';
import type { PublishedNotification } from '../../core/realtime/realtime-events.repository';
import { staffUser } from '../../test/company-fixture';
import { createTestSockets } from '../../test/sockets';
import {
  call,
  createTestApp,
  listenLocally,
  type Session,
  signupCompany,
  type TestApp,
} from '../../test/test-app';
import { createContact, createDeal, createPipeline, type DealAnswer, pipelinesOf } from './deals.fixtures';
import { createDealsService } from './deals.service';

let testApp: TestApp;
let owner: Session;
let stranger: Session;
let url: string;
let sales: Pipeline;
const sockets = createTestSockets();

const api = (path: string) => `/api/v1/en/${path}`;

beforeAll(async () => {
  testApp = await createTestApp();
  url = await listenLocally(testApp);
  owner = await signupCompany(testApp.app);
  stranger = await signupCompany(testApp.app);
  sales = (await pipelinesOf(testApp.app, owner))[0] as Pipeline;
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const stageId = (pipeline: Pipeline, index: number) => pipeline.stages[index]?.id ?? '';

const findDeal = async (id: string, token = owner.token) =>
  (await call<DealAnswer>(testApp.app, 'GET', api(`deal/search/${id}`), { token })).body.data[0];

describe('deal numbers', () => {
  it('gives 20 concurrent creates of a new company 1..20, without gap or duplicate', async () => {
    const company = await signupCompany(testApp.app);
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, index) => createDeal(testApp.app, company, { name: `Race ${index}` })),
    );
    expect(created.map((deal) => deal.numdeal).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    // A deleted deal's number is never given again.
    const last = created.find((deal) => deal.numdeal === 20);
    await call(testApp.app, 'DELETE', api(`deal/deleteone/${last?.id}`), { token: company.token });
    expect((await createDeal(testApp.app, company, { name: 'After' })).numdeal).toBe(21);
  });
});

describe('a new deal', () => {
  it("goes to the company's first pipeline and stage, in its currency, after the column's last card", async () => {
    const first = await createDeal(testApp.app, owner, { name: 'Defaults one', amount: '1500.5' });
    const second = await createDeal(testApp.app, owner, { name: 'Defaults two' });
    expect(first).toMatchObject({
      pipeline_id: sales.id,
      pipeline_stage_id: stageId(sales, 0),
      currency: 'CLP',
      amount: 1500.5,
      paid_total: 0,
      balance: 1500.5,
      stage: 'open',
      contact: null,
    });
    expect(second.position).toBeGreaterThan(first.position);
  });

  it('answers its contact, and what its payments add up to', async () => {
    const contactId = await createContact(testApp.app, owner, 'Paula Pagos');
    const deal = await createDeal(testApp.app, owner, { name: 'Paid', amount: 1000, contact_id: contactId });
    expect(deal.contact).toMatchObject({ id: contactId, full_name: 'Paula Pagos' });
    await testApp.app.database.db.insert(payments).values(
      [300, 150.25].map((amount) => ({
        client_id: owner.clientId,
        deal_id: deal.id,
        payment_date: '2026-03-01',
        payment_method: 'cash',
        amount,
        currency: 'CLP',
      })),
    );
    expect(await findDeal(deal.id)).toMatchObject({ paid_total: 450.25, balance: 549.75 });
    const bySearch = await call<DealAnswer>(testApp.app, 'POST', api('deal/search'), {
      token: owner.token,
      body: { filters: [{ key: 'balance', condition: 'equalto', value: 549.75 }] },
    });
    expect(bySearch.body.data.map((item) => item.id)).toEqual([deal.id]);
  });

  it("is found by its contact's id, not by a namesake's (the chat panel and the contact's page)", async () => {
    const [paula, namesake] = [
      await createContact(testApp.app, owner, 'Paula Homónima'),
      await createContact(testApp.app, owner, 'Paula Homónima'),
    ];
    const hers = await createDeal(testApp.app, owner, { name: 'Hers', contact_id: paula });
    await createDeal(testApp.app, owner, { name: 'The namesake’s', contact_id: namesake });
    const found = await call<DealAnswer>(testApp.app, 'POST', api('deal/search'), {
      token: owner.token,
      body: { filters: [{ key: 'contact_id', condition: 'equalto', value: paula }] },
    });
    expect(found.body.data.map((item) => item.id)).toEqual([hers.id]);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field and changes nothing', async () => {
    const other = await createPipeline(testApp.app, owner, 'Other', ['Only']);
    const deal = await createDeal(testApp.app, owner, { name: 'Steady', amount: 10 });
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: -5 }, 'amount'],
      [{ amount: 'abc' }, 'amount'],
      [{ closing_date: '2026-02-30' }, 'closing_date'],
      [{ closing_date: 'tomorrow' }, 'closing_date'],
      [{ pipeline_stage_id: stageId(other, 0) }, 'pipeline_stage_id'],
      [{ pipeline_id: other.id }, 'pipeline_stage_id'],
      [{ pipeline_id: other.id, pipeline_stage_id: stageId(sales, 1) }, 'pipeline_stage_id'],
      [{ stage: 'lost' }, 'lost_reason'],
    ];
    for (const [body, field] of cases) {
      const answer = await call(testApp.app, 'PUT', api(`deal/updateone/${deal.id}`), {
        token: owner.token,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.[0]?.path).toBe(field);
    }
    const created = await call(testApp.app, 'POST', api('deal/create'), {
      token: owner.token,
      body: { name: 'Wrong stage', pipeline_id: sales.id, pipeline_stage_id: stageId(other, 0) },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors?.[0]?.path).toBe('pipeline_stage_id');
    expect(await findDeal(deal.id)).toEqual(deal);
  });
});

describe('moving a deal', () => {
  it('writes its history, emits deal.stageChanged and moves open boards (pipeline updateAlt)', async () => {
    const { seen } = await sockets.listen(url, owner.token);
    const deal = await createDeal(testApp.app, owner, { name: 'Mover', amount: 100 });
    const moved = await call<DealAnswer>(testApp.app, 'PUT', api(`deal/updateone/${deal.id}`), {
      token: owner.token,
      body: { pipeline_stage_id: stageId(sales, 2) },
    });
    expect(moved.status).toBe(200);
    const won = await call<DealAnswer>(testApp.app, 'PUT', api(`deal/updateone/${deal.id}`), {
      token: owner.token,
      body: { stage: 'win' },
    });
    expect(won.body.data[0]?.stage).toBe('win');
    await expect
      .poll(() =>
        seen.find(
          (item) =>
            item.module === 'pipeline' &&
            item.action === 'updateAlt' &&
            item.ref === deal.id &&
            JSON.stringify(item.data) ===
              JSON.stringify([
                {
                  deal_id: deal.id,
                  pipeline_id: sales.id,
                  pipeline_stage_id: stageId(sales, 2),
                  position: moved.body.data[0]?.position,
                },
              ]),
        ),
      )
      .toBeDefined();
    await expect
      .poll(() =>
        seen.find((item) => item.module === 'deal' && item.action === 'update' && item.ref === deal.id),
      )
      .toBeDefined();
    const history = await call<DealStageChange>(testApp.app, 'GET', api(`deal/history/${deal.id}`), {
      token: owner.token,
    });
    expect(
      history.body.data.map((change) => [
        change.from_pipeline_stage_id,
        change.to_pipeline_stage_id,
        change.from_stage,
        change.to_stage,
        change.user_name,
      ]),
    ).toEqual([
      [stageId(sales, 2), stageId(sales, 2), 'open', 'win', 'Owner Person'],
      [stageId(sales, 0), stageId(sales, 2), 'open', 'open', 'Owner Person'],
      ['', stageId(sales, 0), '', 'open', 'Owner Person'],
    ]);
  });

  it('emits deal.stageChanged after commit, for automations and webhooks', async () => {
    // The service on an event bus of its own, so the test listens as a later automation would.
    const events = createEventBus(testApp.app.log);
    const heard: DomainEvents['deal.stageChanged'][] = [];
    events.on('deal.stageChanged', (event) => {
      heard.push(event);
    });
    const service = createDealsService({ db: testApp.app.database.db, events });
    const auth: AuthContext = {
      userId: owner.userId,
      clientId: owner.clientId,
      account: 'client',
      userAccess: [],
      clientAccess: [],
      market: false,
      sessionId: '',
    };
    const deal = (await service.records.create(
      auth,
      dealCreateSchema.parse({ name: 'Automated' }),
    )) as DealAnswer;
    await service.records.update(auth, deal.id, { pipeline_stage_id: stageId(sales, 1) });
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[1]).toMatchObject({
      clientId: owner.clientId,
      change: {
        deal_id: deal.id,
        from_pipeline_stage_id: stageId(sales, 0),
        to_pipeline_stage_id: stageId(sales, 1),
        user_name: 'Owner Person',
      },
    });
  });

  it('a bulk move takes the stage’s pipeline and writes a history row per deal', async () => {
    const other = await createPipeline(testApp.app, owner, 'Bulk target', ['Target']);
    const deals = [
      await createDeal(testApp.app, owner, { name: 'Bulk one' }),
      await createDeal(testApp.app, owner, { name: 'Bulk two' }),
    ];
    const answer = await call(testApp.app, 'PUT', api('deal/updatemany'), {
      token: owner.token,
      body: { ids: deals.map((deal) => deal.id), update: { pipeline_stage_id: stageId(other, 0) } },
    });
    expect(answer.body.data).toEqual([{ updated: 2 }]);
    for (const deal of deals) {
      expect(await findDeal(deal.id)).toMatchObject({
        pipeline_id: other.id,
        pipeline_stage_id: stageId(other, 0),
      });
      const history = await call<DealStageChange>(testApp.app, 'GET', api(`deal/history/${deal.id}`), {
        token: owner.token,
      });
      expect(history.body.data[0]?.to_pipeline_stage_id).toBe(stageId(other, 0));
    }
  });
});

describe('deal/kanban', () => {
  it('answers each stage in order with its count, amount total and first 50 cards by position', async () => {
    const board = await createPipeline(testApp.app, owner, 'Board', ['Lots', 'Few', 'Empty']);
    const place = (index: number) => ({ pipeline_id: board.id, pipeline_stage_id: stageId(board, index) });
    for (let index = 0; index < 55; index += 1) {
      await createDeal(testApp.app, owner, { name: `Lot ${index}`, amount: 10, ...place(0) });
    }
    await createDeal(testApp.app, owner, { name: 'Few big', amount: 1000.5, ...place(1) });
    await createDeal(testApp.app, owner, { name: 'Few small', amount: 99.5, ...place(1) });
    const answer = await call<DealKanbanColumn>(testApp.app, 'POST', api('deal/kanban'), {
      token: owner.token,
      body: { pipeline_id: board.id },
    });
    expect(answer.status).toBe(200);
    expect(
      answer.body.data.map((column) => [
        column.stage.name,
        column.count,
        column.amount_total,
        column.deals.length,
      ]),
    ).toEqual([
      ['Lots', 55, 550, 50],
      ['Few', 2, 1100, 2],
      ['Empty', 0, 0, 0],
    ]);
    const lots = answer.body.data[0]?.deals ?? [];
    expect(lots.map((deal) => deal.name)).toEqual(Array.from({ length: 50 }, (_, index) => `Lot ${index}`));
    const filtered = await call<DealKanbanColumn>(testApp.app, 'POST', api('deal/kanban'), {
      token: owner.token,
      body: { pipeline_id: board.id, filters: [{ key: 'amount', condition: 'gte', value: 100 }] },
    });
    expect(filtered.body.data.map((column) => [column.count, column.amount_total])).toEqual([
      [0, 0],
      [1, 1000.5],
      [0, 0],
    ]);
    const total = await testApp.app.database.db.execute(
      sql`select count(*)::int as n from deals where client_id = ${owner.clientId} and pipeline_id = ${board.id}`,
    );
    expect((total as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(57);
  });
});

describe('deal/list', () => {
  it("answers the company's deals in short form by name, without their contact, and none of another company's", async () => {
    const contact = await createContact(testApp.app, owner, 'Picked contact');
    const second = await createDeal(testApp.app, owner, {
      name: 'Picker b',
      amount: 20,
      contact_id: contact,
    });
    const first = await createDeal(testApp.app, owner, { name: 'Picker a', amount: 10 });
    await createDeal(testApp.app, stranger, { name: 'Picker c' });
    const answer = await call<Record<string, unknown>>(testApp.app, 'POST', api('deal/list'), {
      token: owner.token,
      body: { filters: [{ key: 'name', condition: 'contains', value: 'picker' }], page: 1, offset: 10 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toMatchObject({ total: 2, page: 1, offset: 10 });
    expect(answer.body.data).toEqual([
      {
        id: first.id,
        numdeal: first.numdeal,
        name: 'Picker a',
        pipeline_id: first.pipeline_id,
        pipeline_stage_id: first.pipeline_stage_id,
        stage: 'open',
        amount: 10,
        currency: first.currency,
      },
      expect.objectContaining({ id: second.id, name: 'Picker b', amount: 20 }),
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('Picked contact');
  });
});

describe('tenancy and permissions', () => {
  it("answers 404 for another company's contact, pipeline, stage, deal and owner, changing nothing", async () => {
    const theirContact = await createContact(testApp.app, stranger, 'Not yours');
    const theirPipeline = (await pipelinesOf(testApp.app, stranger))[0] as Pipeline;
    const deal = await createDeal(testApp.app, owner, { name: 'Mine', amount: 5 });
    const bodies = [
      { contact_id: theirContact },
      { pipeline_id: theirPipeline.id, pipeline_stage_id: stageId(theirPipeline, 0) },
      { pipeline_stage_id: stageId(theirPipeline, 0) },
      { owner: [stranger.userId] },
    ];
    for (const body of bodies) {
      const created = await call(testApp.app, 'POST', api('deal/create'), {
        token: owner.token,
        body: { name: 'Theirs', ...body },
      });
      expect(created.status, JSON.stringify(body)).toBe(404);
      expect(JSON.stringify(created.body)).not.toContain('Not yours');
      const updated = await call(testApp.app, 'PUT', api(`deal/updateone/${deal.id}`), {
        token: owner.token,
        body,
      });
      expect(updated.status, JSON.stringify(body)).toBe(404);
    }
    expect(await findDeal(deal.id)).toEqual(deal);
    const routes: [string, string, unknown][] = [
      ['GET', `deal/history/${deal.id}`, undefined],
      ['POST', 'deal/kanban', { pipeline_id: sales.id }],
      ['GET', `pipeline/search/${sales.id}`, undefined],
      ['PUT', `pipeline/updateone/${sales.id}`, { name: 'Taken' }],
      ['DELETE', `pipeline/deleteone/${sales.id}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const answer = await call(testApp.app, method as 'POST', api(path), { token: stranger.token, body });
      expect(answer.status, path).toBe(404);
    }
    expect((await pipelinesOf(testApp.app, owner))[0]?.name).toBe(sales.name);
  });

  it('answers 403 without the keys: deal.view to read, setting.edit to write pipelines', async () => {
    const deal = await createDeal(testApp.app, owner, { name: 'Guarded' });
    const nobody = await staffUser(testApp.app, owner.clientId, 'Staff', ['chat.view']);
    const seller = await staffUser(testApp.app, owner.clientId, 'Staff', ['deal.view']);
    const reads: [string, string, unknown][] = [
      ['GET', `deal/history/${deal.id}`, undefined],
      ['POST', 'deal/kanban', { pipeline_id: sales.id }],
      ['POST', 'deal/list', {}],
      ['POST', 'pipeline/search', {}],
      ['GET', `pipeline/search/${sales.id}`, undefined],
    ];
    const writes: [string, string, unknown][] = [
      ['POST', 'pipeline/create', { name: 'New', stages: [{ name: 'One' }] }],
      ['PUT', `pipeline/updateone/${sales.id}`, { name: 'Renamed' }],
      ['DELETE', `pipeline/deleteone/${sales.id}`, undefined],
    ];
    for (const [method, path, body] of [...reads, ...writes]) {
      const answer = await call(testApp.app, method as 'POST', api(path), { token: nobody.token, body });
      expect(answer.status, path).toBe(403);
    }
    for (const [method, path, body] of reads) {
      const answer = await call(testApp.app, method as 'POST', api(path), { token: seller.token, body });
      expect(answer.status, path).toBe(200);
    }
    for (const [method, path, body] of writes) {
      const answer = await call(testApp.app, method as 'POST', api(path), { token: seller.token, body });
      expect(answer.status, path).toBe(403);
    }
  });
});

describe("a deal's contact", () => {
  it('reaches a deal reader without contact.view by id and name, never its phone: answers, board, live and catch-up', async () => {
    const board = await createPipeline(testApp.app, owner, 'Phones', ['Open']);
    const contactId = await createContact(testApp.app, owner, 'Fiona Fono');
    const seller = await staffUser(testApp.app, owner.clientId, 'Staff', ['deal.view']);
    const crm = await staffUser(testApp.app, owner.clientId, 'Staff', ['deal.view', 'contact.view']);
    const [sellerSocket, crmSocket] = await Promise.all([
      sockets.listen(url, seller.token),
      sockets.listen(url, crm.token),
    ]);
    const deal = await createDeal(testApp.app, owner, {
      name: 'Phone check',
      contact_id: contactId,
      pipeline_id: board.id,
      pipeline_stage_id: stageId(board, 0),
    });
    const phone = (deal.contact as DealContact).phone;
    expect(phone).toMatch(/^569\d{8}$/);

    const contactsSeenBy = async (session: Session) => {
      const search = await call<DealAnswer>(testApp.app, 'POST', api('deal/search'), {
        token: session.token,
        body: { filters: [{ key: 'contact_id', condition: 'equalto', value: contactId }] },
      });
      const kanban = await call<DealKanbanColumn>(testApp.app, 'POST', api('deal/kanban'), {
        token: session.token,
        body: { pipeline_id: board.id },
      });
      return [
        search.body.data[0]?.contact,
        (await findDeal(deal.id, session.token))?.contact,
        kanban.body.data[0]?.deals[0]?.contact,
      ];
    };
    const named = { id: contactId, full_name: 'Fiona Fono' };
    expect(await contactsSeenBy(seller)).toEqual([named, named, named]);
    const whole = { ...named, phone };
    expect(await contactsSeenBy(crm)).toEqual([whole, whole, whole]);

    const created = (seen: PublishedNotification[]) =>
      seen.find((item) => item.module === 'deal' && item.ref === deal.id);
    await expect.poll(() => created(crmSocket.seen)?.data[0]).toMatchObject({ contact: whole });
    await expect.poll(() => created(sellerSocket.seen)?.data[0]).toMatchObject({ contact: named });
    expect(JSON.stringify(sellerSocket.seen)).not.toContain(phone);
    const replayed = await call<PublishedNotification>(testApp.app, 'GET', api('events?since=0'), {
      token: seller.token,
    });
    expect(created(replayed.body.data)?.data[0]).toMatchObject({ contact: named });
    expect(JSON.stringify(replayed.body)).not.toContain(phone);
  });
});

describe('notes on a deal', () => {
  it("attach to the company's deal, and not to another company's", async () => {
    const deal = await createDeal(testApp.app, owner, { name: 'Noted' });
    const note = await call(testApp.app, 'POST', api('note/create'), {
      token: owner.token,
      body: { module: 'deal', reference_id: deal.id, description: 'Called back' },
    });
    expect(note.status).toBe(200);
    expect(note.body.data[0]).toMatchObject({ module: 'deal', reference_id: deal.id, contact_id: null });
    const theirs = await call(testApp.app, 'POST', api('note/create'), {
      token: stranger.token,
      body: { module: 'deal', reference_id: deal.id, description: 'Peeking' },
    });
    expect(theirs.status).toBe(404);
  });
});
