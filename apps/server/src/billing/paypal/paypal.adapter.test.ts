import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePaypal, startFakePaypal } from '../../test/fakes/fake-paypal';
import type { PaymentRequest } from '../payment-adapter';
import { createPaypalAdapter } from './paypal.adapter';

const credentials = { clientId: 'paypal-client', clientSecret: 'paypal-secret', webhookId: 'WH-ID-1' };

const request = (purchaseId: string): PaymentRequest => ({
  purchaseId,
  description: 'Plan Pro',
  amount: 49.9,
  currency: 'USD',
  payerEmail: 'owner@example.com',
  returnUrl: 'http://conversa.test/billing/return/paypal?purchase=p',
  cancelUrl: 'http://conversa.test/billing/return/paypal?purchase=p&cancelled=1',
  notifyUrl: 'http://conversa.test/webhooks/payments/paypal',
});

describe('PayPal adapter against the fake PayPal', () => {
  let paypal: FakePaypal;
  beforeAll(async () => {
    paypal = await startFakePaypal(credentials);
  });
  afterAll(async () => paypal.close());

  const adapter = () => createPaypalAdapter({ apiUrl: paypal.url, ...credentials, timeoutMs: 2000 });

  it('creates an order with the approve link, asking for the token once', async () => {
    const payments = adapter();
    const first = await payments.create(request('11111111-1111-4111-8111-111111111111'));
    const again = await payments.create(request('11111111-1111-4111-8111-111111111111'));
    expect(again.ref).toBe(first.ref);
    expect(first.url).toBe(`${paypal.url}/checkoutnow?token=${first.ref}`);
    expect(paypal.order(first.ref)).toMatchObject({ currency: 'USD', value: '49.90' });
    expect(paypal.received((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('believes a webhook only when PayPal verifies its signature', async () => {
    const payments = adapter();
    const { ref } = await payments.create(request('22222222-2222-4222-8222-222222222222'));
    const signed = paypal.delivery('CHECKOUT.ORDER.APPROVED', ref);
    expect(await payments.noticeOf(signed)).toBe(ref);
    const capture = paypal.delivery('PAYMENT.CAPTURE.COMPLETED', ref);
    expect(await payments.noticeOf(capture)).toBe(ref);
    const forged = paypal.delivery('CHECKOUT.ORDER.APPROVED', ref, { forged: true });
    await expect(payments.noticeOf(forged)).rejects.toMatchObject({ name: 'NoticeRefused', status: 401 });
    const verifications = paypal.received(
      (r) => r.path === '/v1/notifications/verify-webhook-signature',
    ).length;
    await expect(payments.noticeOf({ headers: {}, body: signed.body })).rejects.toMatchObject({
      status: 401,
    });
    expect(paypal.received((r) => r.path === '/v1/notifications/verify-webhook-signature')).toHaveLength(
      verifications,
    );
  });

  it('captures an approved order once: read again it stays paid', async () => {
    const payments = adapter();
    const { ref } = await payments.create(request('33333333-3333-4333-8333-333333333333'));
    expect((await payments.read(ref)).status).toBe('pending');
    paypal.approve(ref);
    const before = paypal.captures();
    expect(await payments.read(ref)).toMatchObject({ ref, status: 'paid', amount: 49.9, currency: 'USD' });
    expect(await payments.read(ref)).toMatchObject({ status: 'paid' });
    expect(paypal.captures()).toBe(before + 1);
  });

  it('reads a declined capture as rejected', async () => {
    const payments = adapter();
    const { ref } = await payments.create(request('44444444-4444-4444-8444-444444444444'));
    paypal.approve(ref, 'DECLINED');
    const state = await payments.read(ref);
    expect(state.status).toBe('rejected');
  });

  it('fails with wrong client credentials', async () => {
    const wrong = createPaypalAdapter({
      apiUrl: paypal.url,
      ...credentials,
      clientSecret: 'nope',
      timeoutMs: 2000,
    });
    await expect(wrong.create(request('55555555-5555-4555-8555-555555555555'))).rejects.toMatchObject({
      name: 'PaymentCallError',
      isRetryable: false,
    });
  });
});
