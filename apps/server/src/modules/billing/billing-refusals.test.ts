import type { CheckoutAnswer } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, login, type Session, signupCompany } from '../../test/test-app';
import {
  type BillingWorld,
  bagsOf,
  companyOf,
  eventually,
  insertFeature,
  insertPlan,
  invoicesOf,
  purchaseOf,
  startBillingWorld,
} from './billing.fixtures';

let world: BillingWorld;
let owner: Session;

beforeAll(async () => {
  world = await startBillingWorld();
  owner = await signupCompany(world.testApp.app);
}, 60_000);

afterAll(async () => world?.close());

const app = () => world.testApp.app;

const checkout = (session: Session, body: Record<string, unknown>) =>
  call<CheckoutAnswer>(app(), 'POST', '/api/v1/en/billing/checkout', { token: session.token, body });

const bought = async (body: Record<string, unknown>) => {
  const answer = await checkout(owner, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const data = answer.body.data[0] as CheckoutAnswer;
  const purchase = await purchaseOf(app(), data.purchase_id);
  return { ...data, ref: purchase?.provider_ref ?? '' };
};

const paypalWebhook = `/webhooks/payments/paypal`;

describe('checkout refusals', () => {
  it('refuses a private plan (404), a staff user (403) and a body naming both or neither (400)', async () => {
    const hidden = await insertPlan(app(), { is_public: false });
    expect((await checkout(owner, { plan_id: hidden.id, provider: 'flow' })).status).toBe(404);
    const plan = await insertPlan(app());
    const agent = await login(app(), DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    expect((await checkout(agent, { plan_id: plan.id, provider: 'flow' })).status).toBe(403);
    const bag = await insertFeature(app());
    const both = await checkout(owner, { plan_id: plan.id, feature_id: bag.id, provider: 'flow' });
    expect(both.status).toBe(400);
    expect((await checkout(owner, { provider: 'flow' })).status).toBe(400);
  });
});

describe('provider notifications that change nothing', () => {
  it('a PayPal delivery with a bad signature answers 401 and the order is not even read', async () => {
    const plan = await insertPlan(app());
    const { purchase_id, ref } = await bought({ plan_id: plan.id, provider: 'paypal' });
    world.paypal.approve(ref);
    const forged = world.paypal.delivery('CHECKOUT.ORDER.APPROVED', ref, { forged: true });
    expect(await world.paypal.send(`${world.base}${paypalWebhook}`, forged)).toBe(401);
    const unsigned = await world.paypal.send(`${world.base}${paypalWebhook}`, {
      headers: {},
      body: forged.body,
    });
    expect(unsigned).toBe(401);
    expect((await purchaseOf(app(), purchase_id))?.status).toBe('pending');
    expect(world.paypal.order(ref).status).toBe('APPROVED');
    expect((await companyOf(app(), owner.clientId))?.plan_id).not.toBe(plan.id);
  });

  it('an unknown order, token or payment answers 404', async () => {
    const signed = world.paypal.delivery('CHECKOUT.ORDER.APPROVED', 'NOSUCHORDER');
    expect(await world.paypal.send(`${world.base}${paypalWebhook}`, signed)).toBe(404);
    const flow = await app().inject({
      method: 'POST',
      url: '/webhooks/payments/flow',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=NOSUCHTOKEN',
    });
    expect(flow.statusCode).toBe(404);
    const rebill = await app().inject({
      method: 'POST',
      url: '/webhooks/payments/rebill',
      payload: { event: 'payment.updated', data: { id: 'pay_nosuch' } },
    });
    expect(rebill.statusCode).toBe(404);
    const empty = await app().inject({
      method: 'POST',
      url: '/webhooks/payments/flow',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('a paid amount that is not the purchase’s is refused and nothing is applied', async () => {
    const bag = await insertFeature(app());
    const rebillBuy = await bought({ feature_id: bag.id, provider: 'rebill' });
    const cheap = world.rebill.pay(rebillBuy.ref, 'SUCCEEDED', 1);
    expect(await world.rebill.notify(`${world.base}/webhooks/payments/rebill`, cheap.id)).toBe(400);
    expect((await purchaseOf(app(), rebillBuy.purchase_id))?.status).toBe('pending');

    const flowBuy = await bought({ feature_id: bag.id, provider: 'flow' });
    const token = new URL(flowBuy.url).searchParams.get('token') ?? '';
    world.flow.mark(token, 2, 100);
    expect(await world.flow.confirm(token)).toBe(200);
    // The read-back job fails for good (left for the master among the dead jobs), having changed nothing.
    await eventually(async () => {
      const [job] = await app()
        .database.db.select()
        .from(jobs)
        .where(and(eq(jobs.key, `billing.settle:${flowBuy.purchase_id}`), eq(jobs.status, 'failed')));
      return job;
    });
    expect((await purchaseOf(app(), flowBuy.purchase_id))?.status).toBe('pending');
    expect(await bagsOf(app(), owner.clientId)).toEqual([]);
    expect(await invoicesOf(app(), flowBuy.purchase_id)).toEqual([]);
  });

  it('a failure reported after the payment changes nothing (out of order)', async () => {
    const bag = await insertFeature(app(), 'user');
    const { purchase_id, ref } = await bought({ feature_id: bag.id, quantity: 2, provider: 'rebill' });
    const url = `${world.base}/webhooks/payments/rebill`;
    const paid = world.rebill.pay(ref);
    const failed = world.rebill.pay(ref, 'FAILED');
    expect(await world.rebill.notify(url, paid.id)).toBe(200);
    expect(await world.rebill.notify(url, failed.id)).toBe(200);
    expect(await world.rebill.notify(url, paid.id)).toBe(200);
    expect((await purchaseOf(app(), purchase_id))?.status).toBe('paid');
    expect((await companyOf(app(), owner.clientId))?.extra_quantities).toMatchObject({ user: 2 });
    expect(await invoicesOf(app(), purchase_id)).toHaveLength(1);
  });

  it('two deliveries of the same payment at once apply it once', async () => {
    const bag = await insertFeature(app(), 'chatgpt', { quantity: 100 });
    const { purchase_id, ref } = await bought({ feature_id: bag.id, provider: 'rebill' });
    const paid = world.rebill.pay(ref);
    const url = `${world.base}/webhooks/payments/rebill`;
    const answers = await Promise.all([world.rebill.notify(url, paid.id), world.rebill.notify(url, paid.id)]);
    expect(answers).toEqual([200, 200]);
    expect((await companyOf(app(), owner.clientId))?.extra_quantities).toMatchObject({ chatgpt: 100 });
    expect(await invoicesOf(app(), purchase_id)).toHaveLength(1);
  });
});
