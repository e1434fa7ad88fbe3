import type { AddressInfo } from 'node:net';
import type { Contact, Deal, Payment, PaymentTotals } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import type { PublishedNotification } from '../../core/realtime/realtime-events.repository';
import { staffUser } from '../../test/company-fixture';
import { newPhone } from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { insertDeal } from './payments.fixtures';

let testApp: TestApp;
let owner: Session;
let stranger: Session;
let viewer: Session;
let chatOnly: Session;
const sockets = createTestSockets();
let seen: PublishedNotification[];

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = await signupCompany(testApp.app);
  stranger = await signupCompany(testApp.app);
  const makeUser = (name: string, access: string[]) => staffUser(testApp.app, owner.clientId, name, access);
  viewer = await makeUser('payment-viewer', ['payment.view']);
  chatOnly = await makeUser('chat-only', ['chat.view']);
  seen = (await sockets.listen(url, owner.token)).seen;
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const url = (path: string) => `/api/v1/en/payment/${path}`;

const newContact = async (name: string): Promise<Contact> => {
  const answer = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
    token: owner.token,
    body: { name, phone: newPhone() },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Contact;
};

const newDeal = (
  session: Session,
  deal: { name: string; amount: number; currency?: string; contactId?: string },
) => insertDeal(testApp.app.database.db, session.clientId, deal);

const pay = async (body: Record<string, unknown>, token = owner.token) =>
  call<Payment>(testApp.app, 'POST', url('create'), {
    token,
    body: { payment_date: '2026-03-10', payment_method: 'cash', amount: 100, ...body },
  });

const paid = async (body: Record<string, unknown>): Promise<Payment> => {
  const answer = await pay(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Payment;
};

const totals = async (filters: unknown[], token = owner.token) =>
  call<PaymentTotals>(testApp.app, 'POST', url('totals'), { token, body: { filters } });

/** What a deal's payments add up to, as the payments page's totals read it. */
const paidOn = async (dealId: string) =>
  (await totals([{ key: 'deal_id', condition: 'equalto', value: dealId }])).body.data[0];

/** The deal's paid total and balance, as the deal's own answer gives them. */
const moneyOf = async (dealId: string) => {
  const answer = await call<Deal>(testApp.app, 'GET', `/api/v1/en/deal/search/${dealId}`, {
    token: owner.token,
  });
  expect(answer.status).toBe(200);
  const deal = answer.body.data[0] as Deal;
  return { paid_total: deal.paid_total, balance: deal.balance };
};

describe('payments on a deal', () => {
  it('answers the deal with its number, name and contact, and takes the deal’s currency by default', async () => {
    const contact = await newContact('Paula Reyes');
    const deal = await newDeal(owner, {
      name: 'Kitchen remodel',
      amount: 1000,
      currency: 'USD',
      contactId: contact.id,
    });
    const payment = await paid({ deal_id: deal.id, amount: '250.456', note: 'First' });
    expect(payment).toMatchObject({
      deal_id: deal.id,
      deal: {
        id: deal.id,
        numdeal: deal.numdeal,
        name: 'Kitchen remodel',
        contact_id: contact.id,
        contact_name: 'Paula Reyes',
      },
      payment_date: '2026-03-10',
      payment_method: 'cash',
      amount: 250.46,
      currency: 'USD',
      note: 'First',
      user_id: owner.userId,
    });
    const other = await paid({ deal_id: deal.id, currency: 'eur' });
    expect(other.currency).toBe('EUR');
    await expect
      .poll(() =>
        seen.find(
          (item) =>
            item.module === 'payment' &&
            item.action === 'create' &&
            (item.data[0] as Payment | undefined)?.deal_id === deal.id,
        ),
      )
      .toBeDefined();
  });

  it('create, update and delete change what the deal has been paid', async () => {
    const deal = await newDeal(owner, { name: 'Balance deal', amount: 1000 });
    const first = await paid({ deal_id: deal.id, amount: 300 });
    await paid({ deal_id: deal.id, amount: 200 });
    expect(await paidOn(deal.id)).toEqual({ count: 2, totals: [{ currency: 'CLP', amount: 500 }] });
    expect(await moneyOf(deal.id)).toEqual({ paid_total: 500, balance: 500 });

    const updated = await call<Payment>(testApp.app, 'PUT', url(`updateone/${first.id}`), {
      token: owner.token,
      body: { amount: 450, payment_method: 'transfer' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data[0]).toMatchObject({ amount: 450, payment_method: 'transfer' });
    expect(await paidOn(deal.id)).toEqual({ count: 2, totals: [{ currency: 'CLP', amount: 650 }] });
    expect(await moneyOf(deal.id)).toEqual({ paid_total: 650, balance: 350 });

    const removed = await call(testApp.app, 'DELETE', url(`deleteone/${first.id}`), { token: owner.token });
    expect(removed.status).toBe(200);
    expect(await paidOn(deal.id)).toEqual({ count: 1, totals: [{ currency: 'CLP', amount: 200 }] });
    expect(await moneyOf(deal.id)).toEqual({ paid_total: 200, balance: 800 });
  });

  it('has no board: no field of a payment groups it', async () => {
    const answer = await call(testApp.app, 'POST', url('kanban'), { token: owner.token, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toBe('field');
  });

  it('totals the payments the filters find, per currency, for a period', async () => {
    const deal = await newDeal(owner, { name: 'Totals deal', amount: 5000 });
    await paid({ deal_id: deal.id, amount: 100, payment_date: '2025-06-01' });
    await paid({ deal_id: deal.id, amount: 150.5, payment_date: '2025-06-15' });
    await paid({ deal_id: deal.id, amount: 40, payment_date: '2025-06-20', currency: 'USD' });
    await paid({ deal_id: deal.id, amount: 999, payment_date: '2025-07-01' });
    const june = await totals([
      { key: 'deal_id', condition: 'equalto', value: deal.id },
      { key: 'payment_date', condition: 'between', value: ['2025-06-01', '2025-06-30'] },
    ]);
    expect(june.status).toBe(200);
    expect(june.body.data[0]).toEqual({
      count: 3,
      totals: [
        { currency: 'CLP', amount: 250.5 },
        { currency: 'USD', amount: 40 },
      ],
    });
    // The same filters list the same payments.
    const listed = await call<Payment>(testApp.app, 'POST', url('search'), {
      token: owner.token,
      body: {
        filters: [
          { key: 'deal_id', condition: 'equalto', value: deal.id },
          { key: 'payment_date', condition: 'between', value: ['2025-06-01', '2025-06-30'] },
        ],
        sort: { key: 'payment_date', order: 'asc' },
      },
    });
    expect(listed.body.data.map((payment) => payment.amount)).toEqual([100, 150.5, 40]);
    expect(listed.body.pagination?.total).toBe(3);
    // Another company's totals never count ours.
    expect((await totals([], stranger.token)).body.data[0]).toEqual({ count: 0, totals: [] });
  });

  it('lists a contact’s payments across its deals, with the deal’s number and name to filter and sort by', async () => {
    const contact = await newContact('Tomás Vidal');
    const kitchen = await newDeal(owner, { name: 'Vidal kitchen', amount: 100, contactId: contact.id });
    const roof = await newDeal(owner, { name: 'Vidal roof', amount: 100, contactId: contact.id });
    await paid({ deal_id: kitchen.id, amount: 10 });
    await paid({ deal_id: roof.id, amount: 20 });
    const answer = await call<Payment>(testApp.app, 'POST', url('search'), {
      token: owner.token,
      body: {
        filters: [{ key: 'deal.contact_id', condition: 'equalto', value: contact.id }],
        sort: { key: 'deal.numdeal', order: 'desc' },
      },
    });
    expect(answer.body.data.map((payment) => [payment.deal?.numdeal, payment.deal?.name])).toEqual([
      [roof.numdeal, 'Vidal roof'],
      [kitchen.numdeal, 'Vidal kitchen'],
    ]);
    const byName = await call<Payment>(testApp.app, 'POST', url('search'), {
      token: owner.token,
      body: {
        filters: [
          { key: 'deal.name', condition: 'contains', value: 'vidal ROOF' },
          { key: 'deal.contact_name', condition: 'equalto', value: 'Tomás Vidal' },
        ],
      },
    });
    expect(byName.body.data.map((payment) => payment.deal_id)).toEqual([roof.id]);
  });
});

describe('payments refuse bad input and other companies', () => {
  it('answers 400 naming the field for a negative, zero or non-numeric amount and a date that is not one', async () => {
    const deal = await newDeal(owner, { name: 'Refusals', amount: 100 });
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: -5 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 'abc' }, 'amount'],
      [{ amount: '' }, 'amount'],
      [{ payment_date: '2026-02-30' }, 'payment_date'],
      [{ payment_date: 'tomorrow' }, 'payment_date'],
      [{ payment_date: '' }, 'payment_date'],
      [{ payment_method: '' }, 'payment_method'],
      [{ currency: 'dollars' }, 'currency'],
    ];
    for (const [body, path] of cases) {
      const answer = await pay({ deal_id: deal.id, ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.[0]?.path).toBe(path);
    }
    const payment = await paid({ deal_id: deal.id });
    const update = await call(testApp.app, 'PUT', url(`updateone/${payment.id}`), {
      token: owner.token,
      body: { amount: -1 },
    });
    expect(update.status).toBe(400);
    expect(update.body.errors?.[0]?.path).toBe('amount');
    const moved = await call(testApp.app, 'PUT', url(`updateone/${payment.id}`), {
      token: owner.token,
      body: { deal_id: deal.id },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors?.[0]?.path).toBe('deal_id');
    expect(await paidOn(deal.id)).toEqual({ count: 1, totals: [{ currency: 'CLP', amount: 100 }] });
    expect(await moneyOf(deal.id)).toEqual({ paid_total: 100, balance: 0 });
  });

  it('answers 404 for another company’s deal or payment, changing nothing', async () => {
    const theirDeal = await newDeal(stranger, { name: 'Their deal', amount: 100 });
    for (const dealId of [theirDeal.id, 'not-a-uuid']) {
      const answer = await pay({ deal_id: dealId });
      expect(answer.status).toBe(404);
      expect(answer.body.errors?.[0]?.path).toBe('deal_id');
    }
    const ours = await paid({ deal_id: (await newDeal(owner, { name: 'Ours', amount: 100 })).id });
    const token = stranger.token;
    expect((await call(testApp.app, 'GET', url(`search/${ours.id}`), { token })).status).toBe(404);
    expect(
      (await call(testApp.app, 'PUT', url(`updateone/${ours.id}`), { token, body: { amount: 1 } })).status,
    ).toBe(404);
    expect((await call(testApp.app, 'DELETE', url(`deleteone/${ours.id}`), { token })).status).toBe(404);
    const still = await call<Payment>(testApp.app, 'GET', url(`search/${ours.id}`), { token: owner.token });
    expect(still.body.data[0]).toEqual(ours);
  });

  it('answers 403 without the payment permissions', async () => {
    const deal = await newDeal(owner, { name: 'Forbidden', amount: 100 });
    const payment = await paid({ deal_id: deal.id });
    expect((await totals([], chatOnly.token)).status).toBe(403);
    expect((await call(testApp.app, 'POST', url('search'), { token: chatOnly.token, body: {} })).status).toBe(
      403,
    );
    // Seeing payments is not recording or changing them.
    expect((await totals([], viewer.token)).status).toBe(200);
    expect((await pay({ deal_id: deal.id }, viewer.token)).status).toBe(403);
    expect(
      (
        await call(testApp.app, 'PUT', url(`updateone/${payment.id}`), {
          token: viewer.token,
          body: { amount: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(testApp.app, 'DELETE', url(`deleteone/${payment.id}`), { token: viewer.token })).status,
    ).toBe(403);
  });
});

describe('the demo company', () => {
  it('has payments on its deals, so the payments page and the deals’ balances show money', async () => {
    const demo = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    expect((await totals([], demo.token)).body.data[0]).toEqual({
      count: 4,
      totals: [{ currency: 'CLP', amount: 645_000 }],
    });
    const orthodontics = await call<Deal>(testApp.app, 'POST', '/api/v1/en/deal/search', {
      token: demo.token,
      body: { filters: [{ key: 'name', condition: 'equalto', value: 'Ortodoncia' }] },
    });
    expect(orthodontics.body.data[0]).toMatchObject({
      amount: 1_200_000,
      paid_total: 500_000,
      balance: 700_000,
    });
  });
});
