import type { CheckoutAnswer, PaymentOutcome } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedNotification } from '../../core/realtime/realtime-events.repository';
import { createTestSockets } from '../../test/sockets';
import { call, type Session, signupCompany } from '../../test/test-app';
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
const sockets = createTestSockets();

beforeAll(async () => {
  world = await startBillingWorld();
}, 60_000);

afterAll(async () => {
  sockets.closeAll();
  await world?.close();
});

const app = () => world.testApp.app;

const checkout = async (session: Session, body: Record<string, unknown>) => {
  const answer = await call<CheckoutAnswer>(app(), 'POST', '/api/v1/en/billing/checkout', {
    token: session.token,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as CheckoutAnswer;
};

const outcomes = (seen: PublishedNotification[]) =>
  seen
    .filter((n) => n.module === 'payment' && n.action === 'checkout')
    .map((n) => n.data[0] as PaymentOutcome);

const DAY_MS = 86_400_000;

describe('a purchase end to end', () => {
  it('Flow: a message bag bought in pesos is added once, invoiced, and the buyer hears 200', async () => {
    const owner = await signupCompany(app());
    const { seen } = await sockets.listen(world.base, owner.token);
    const bag = await insertFeature(app());
    const answer = await checkout(owner, { feature_id: bag.id, quantity: 2, provider: 'flow' });
    const token = new URL(answer.url).searchParams.get('token') ?? '';
    expect(answer.url.startsWith(`${world.flow.url}/app/web/pay.php?token=`)).toBe(true);
    expect(await purchaseOf(app(), answer.purchase_id)).toMatchObject({ currency: 'CLP', amount: 30_000 });
    expect(world.flow.payment(token).amount).toBe(30_000);

    expect(await world.flow.pay(token)).toBe(200);
    await eventually(async () => (await invoicesOf(app(), answer.purchase_id)).length === 1);
    const outcome = await eventually(() => outcomes(seen)[0]);
    expect(outcome).toMatchObject({ purchase_id: answer.purchase_id, status_codes: 200 });

    // Flow repeats its confirmation, and later says the payment was rejected: nothing doubles or undoes.
    expect(await world.flow.confirm(token)).toBe(200);
    world.flow.mark(token, 3);
    expect(await world.flow.confirm(token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await bagsOf(app(), owner.clientId)).map((row) => row.quantity)).toEqual([2000]);
    expect(await invoicesOf(app(), answer.purchase_id)).toHaveLength(1);
    expect((await purchaseOf(app(), answer.purchase_id))?.status).toBe('paid');
    expect(outcomes(seen)).toHaveLength(1);
  });

  it('PayPal: a plan bought in dollars is captured once, extends the plan, and the buyer hears 200', async () => {
    const owner = await signupCompany(app());
    const { seen } = await sockets.listen(world.base, owner.token);
    const plan = await insertPlan(app());
    const answer = await checkout(owner, { plan_id: plan.id, quantity: 1, provider: 'paypal' });
    const purchase = await purchaseOf(app(), answer.purchase_id);
    expect(purchase).toMatchObject({ currency: 'USD', amount: 25 });
    const orderId = purchase?.provider_ref ?? '';
    expect(answer.url).toBe(`${world.paypal.url}/checkoutnow?token=${orderId}`);

    world.paypal.approve(orderId);
    const approved = world.paypal.delivery('CHECKOUT.ORDER.APPROVED', orderId);
    expect(await world.paypal.send(`${world.base}/webhooks/payments/paypal`, approved)).toBe(200);
    const company = await companyOf(app(), owner.clientId);
    expect(company?.plan_id).toBe(plan.id);
    expect(company?.is_paid).toBe(true);
    const expiry = company?.plan_expires_at?.getTime() ?? 0;
    expect(Math.abs(expiry - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(company?.access).toEqual(plan.access);
    expect(await invoicesOf(app(), answer.purchase_id)).toHaveLength(1);
    expect(await eventually(() => outcomes(seen)[0])).toMatchObject({ status_codes: 200 });

    // The same delivery again and the capture's own event: one capture, one period, one invoice.
    expect(await world.paypal.send(`${world.base}/webhooks/payments/paypal`, approved)).toBe(200);
    const captured = world.paypal.delivery('PAYMENT.CAPTURE.COMPLETED', orderId);
    expect(await world.paypal.send(`${world.base}/webhooks/payments/paypal`, captured)).toBe(200);
    expect((await companyOf(app(), owner.clientId))?.plan_expires_at?.getTime()).toBe(expiry);
    expect(world.paypal.order(orderId).status).toBe('COMPLETED');
    expect(await invoicesOf(app(), answer.purchase_id)).toHaveLength(1);

    // Renewing the same plan adds its days to the current expiry.
    const renewal = await checkout(owner, { plan_id: plan.id, quantity: 1, provider: 'paypal' });
    const renewalOrder = (await purchaseOf(app(), renewal.purchase_id))?.provider_ref ?? '';
    world.paypal.approve(renewalOrder);
    const renewed = world.paypal.delivery('CHECKOUT.ORDER.APPROVED', renewalOrder);
    expect(await world.paypal.send(`${world.base}/webhooks/payments/paypal`, renewed)).toBe(200);
    expect((await companyOf(app(), owner.clientId))?.plan_expires_at?.getTime()).toBe(expiry + 30 * DAY_MS);
  });

  it('Rebill: extra devices bought are added to the company once, confirmed by reading the payment', async () => {
    const owner = await signupCompany(app());
    const { seen } = await sockets.listen(world.base, owner.token);
    const devices = await insertFeature(app(), 'device');
    const answer = await checkout(owner, { feature_id: devices.id, quantity: 3, provider: 'rebill' });
    const purchase = await purchaseOf(app(), answer.purchase_id);
    expect(purchase).toMatchObject({ currency: 'CLP', amount: 45_000 });
    const link = world.rebill.links().find((row) => row.id === purchase?.provider_ref);
    expect(link?.idempotencyKey).toBe(answer.purchase_id);

    const payment = world.rebill.pay(link?.id ?? '');
    const url = `${world.base}/webhooks/payments/rebill`;
    expect(await world.rebill.notify(url, payment.id, 'payment.created')).toBe(200);
    expect(await world.rebill.notify(url, payment.id)).toBe(200);
    expect((await companyOf(app(), owner.clientId))?.extra_quantities).toEqual({ device: 3 });
    expect(await invoicesOf(app(), answer.purchase_id)).toHaveLength(1);
    expect(await eventually(() => outcomes(seen)[0])).toMatchObject({ status_codes: 200 });
    expect(world.rebill.received((r) => r.path === `/payments/${payment.id}`)).toHaveLength(2);
  });

  it('a rejected payment marks the purchase and the buyer hears the provider’s reason, nothing applied', async () => {
    const owner = await signupCompany(app());
    const { seen } = await sockets.listen(world.base, owner.token);
    const bag = await insertFeature(app());
    const answer = await checkout(owner, { feature_id: bag.id, quantity: 1, provider: 'flow' });
    const token = new URL(answer.url).searchParams.get('token') ?? '';
    world.flow.mark(token, 3);
    expect(await world.flow.confirm(token)).toBe(200);
    const outcome = await eventually(() => outcomes(seen)[0]);
    expect(outcome.status_codes).toBe(402);
    expect(outcome.info).toBe('El proveedor rechazó el pago (Flow status 3: rejected)');
    expect((await purchaseOf(app(), answer.purchase_id))?.status).toBe('rejected');
    expect(await bagsOf(app(), owner.clientId)).toEqual([]);
    expect(await invoicesOf(app(), answer.purchase_id)).toEqual([]);
  });

  it('the payer coming back from Flow is sent to the Marketplace and the payment is read again', async () => {
    const owner = await signupCompany(app());
    const bag = await insertFeature(app());
    const answer = await checkout(owner, { feature_id: bag.id, quantity: 1, provider: 'flow' });
    const token = new URL(answer.url).searchParams.get('token') ?? '';
    world.flow.mark(token, 2);
    const back = await app().inject({
      method: 'POST',
      url: `/billing/return/flow?purchase=${answer.purchase_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/app/billing/plans?purchase=${answer.purchase_id}`);
    await eventually(async () => (await purchaseOf(app(), answer.purchase_id))?.status === 'paid');
    expect(await bagsOf(app(), owner.clientId)).toHaveLength(1);
  });
});
