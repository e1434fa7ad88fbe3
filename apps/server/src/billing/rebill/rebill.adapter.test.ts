import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRebill, startFakeRebill } from '../../test/fakes/fake-rebill';
import type { PaymentRequest } from '../payment-adapter';
import { createRebillAdapter } from './rebill.adapter';

const apiKey = 'sk_test_rebill_1';

const request = (purchaseId: string): PaymentRequest => ({
  purchaseId,
  description: 'Plan Pro',
  amount: 25000,
  currency: 'CLP',
  payerEmail: 'owner@example.com',
  returnUrl: 'http://conversa.test/billing/return/rebill?purchase=p',
  cancelUrl: 'http://conversa.test/billing/return/rebill?purchase=p&cancelled=1',
  notifyUrl: 'http://conversa.test/webhooks/payments/rebill',
});

describe('Rebill adapter against the fake Rebill', () => {
  let rebill: FakeRebill;
  beforeAll(async () => {
    rebill = await startFakeRebill({ apiKey });
  });
  afterAll(async () => rebill.close());

  const adapter = () => createRebillAdapter({ apiUrl: rebill.url, apiKey, timeoutMs: 2000 });

  it('creates one payment link per purchase, whatever the retries (idempotency key)', async () => {
    const first = await adapter().create(request('11111111-1111-4111-8111-111111111111'));
    const again = await adapter().create(request('11111111-1111-4111-8111-111111111111'));
    expect(again.ref).toBe(first.ref);
    expect(rebill.links().filter((link) => link.id === first.ref)).toHaveLength(1);
    expect(rebill.received((r) => r.path === '/payment-links')[0]?.headers['x-api-key']).toBe(apiKey);
  });

  it('reads back the payment a webhook names: paid, again paid, and a failed one rejected', async () => {
    const payments = adapter();
    const { ref } = await payments.create(request('22222222-2222-4222-8222-222222222222'));
    const payment = rebill.pay(ref);
    const id = await payments.noticeOf({
      headers: {},
      body: { event: 'payment.updated', data: { id: payment.id } },
    });
    expect(await payments.read(id ?? '')).toMatchObject({
      ref,
      status: 'paid',
      amount: 25000,
      currency: 'CLP',
    });
    expect((await payments.read(payment.id)).status).toBe('paid');
    const failed = rebill.pay(ref, 'FAILED');
    expect((await payments.read(failed.id)).status).toBe('rejected');
  });

  it('is refused without the right x-api-key', async () => {
    const wrong = createRebillAdapter({ apiUrl: rebill.url, apiKey: 'sk_test_wrong', timeoutMs: 2000 });
    await expect(wrong.create(request('33333333-3333-4333-8333-333333333333'))).rejects.toMatchObject({
      name: 'PaymentCallError',
      isRetryable: false,
    });
  });

  it('refuses an event that names no payment', async () => {
    await expect(
      adapter().noticeOf({ headers: {}, body: { event: 'payment.updated' } }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});
