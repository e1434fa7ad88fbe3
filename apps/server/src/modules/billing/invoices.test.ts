import type { Invoice } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, purchases } from '../../core/db/schema';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { insertPlan } from './billing.fixtures';

let testApp: TestApp;
let first: Session & { company: string };
let second: Session & { company: string };

/** A paid purchase and its invoice, written as settling one writes them. */
const invoiceFor = async (clientId: string, amount: number) => {
  const db = testApp.app.database.db;
  const [purchase] = await db
    .insert(purchases)
    .values({
      client_id: clientId,
      provider: 'flow',
      item: 'plan',
      currency: 'CLP',
      amount,
      status: 'paid',
      applied_at: new Date(),
    })
    .returning();
  if (!purchase) throw new Error('no purchase');
  await db.insert(invoices).values({
    client_id: clientId,
    purchase_id: purchase.id,
    description: 'Plan Pro',
    provider: 'flow',
    currency: 'CLP',
    amount,
  });
};

beforeAll(async () => {
  // No payment provider has credentials here.
  testApp = await createTestApp();
  first = await signupCompany(testApp.app);
  second = await signupCompany(testApp.app);
  await invoiceFor(first.clientId, 20_000);
  await invoiceFor(first.clientId, 30_000);
  await invoiceFor(second.clientId, 45_000);
}, 60_000);

afterAll(async () => testApp?.close());

const search = (session: Session, body: Record<string, unknown> = {}) =>
  call<Invoice>(testApp.app, 'POST', '/api/v1/en/invoice/search', { token: session.token, body });

describe('invoice/search', () => {
  it("shows a company its own invoices only, newest first, never another company's", async () => {
    const mine = await search(first);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((row) => row.amount)).toEqual([30_000, 20_000]);
    expect(mine.body.data.every((row) => row.client_id === first.clientId)).toBe(true);
    const theirs = await search(second, {
      filters: [{ key: 'client_id', condition: 'is', value: first.clientId }],
    });
    expect(theirs.body.data).toEqual([]);
  });

  it('shows the master every company’s invoices with the company name', async () => {
    const master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
    const all = await search(master, { offset: 100 });
    expect(all.status).toBe(200);
    const names = new Set(all.body.data.map((row) => row.client_name));
    expect(names).toContain(first.company);
    expect(names).toContain(second.company);
  });

  it('refuses a staff user without billing.view (403)', async () => {
    const viewer = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    expect((await search(viewer)).status).toBe(403);
  });
});

describe('billing/checkout without the provider’s credentials', () => {
  it('answers 412 with a clear text', async () => {
    const plan = await insertPlan(testApp.app);
    const answer = await call(testApp.app, 'POST', '/api/v1/en/billing/checkout', {
      token: first.token,
      body: { plan_id: plan.id, provider: 'paypal' },
    });
    expect(answer.status).toBe(412);
    expect(answer.body.info).toBe(
      'paypal payments are not available: the platform has no credentials for it',
    );
  });
});
