import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFlow, startFakeFlow } from '../../test/fakes/fake-flow';
import { NoticeRefused, type PaymentRequest } from '../payment-adapter';
import { createFlowAdapter } from './flow.adapter';
import { signFlowParams } from './flow-signature';

const keys = { apiKey: 'flow-api-key-1', secretKey: 'flow-secret-key-1' };

const request = (purchaseId: string): PaymentRequest => ({
  purchaseId,
  description: 'Bolsa de 1000 mensajes',
  amount: 15000,
  currency: 'CLP',
  payerEmail: 'owner@example.com',
  returnUrl: 'http://conversa.test/billing/return/flow?purchase=p1',
  cancelUrl: 'http://conversa.test/billing/return/flow?purchase=p1&cancelled=1',
  notifyUrl: 'http://conversa.test/webhooks/payments/flow',
});

describe('Flow adapter against the fake Flow', () => {
  let flow: FakeFlow;
  beforeAll(async () => {
    flow = await startFakeFlow(keys);
  });
  afterAll(async () => flow.close());

  const adapter = () => createFlowAdapter({ apiUrl: flow.url, ...keys, timeoutMs: 2000 });

  it('signs with HMAC-SHA256 hex of the parameters sorted by name, name and value concatenated', () => {
    const expected = createHmac('sha256', 'key').update('amount100apiKeyKcommerceOrderX').digest('hex');
    expect(signFlowParams({ commerceOrder: 'X', apiKey: 'K', amount: '100' }, 'key')).toBe(expected);
  });

  it('creates a payment and sends the payer to url?token=', async () => {
    const link = await adapter().create(request('11111111-1111-4111-8111-111111111111'));
    expect(link.url).toBe(`${flow.url}/app/web/pay.php?token=${link.ref}`);
    const payment = flow.payment(link.ref);
    expect(payment).toMatchObject({ commerceOrder: '11111111-1111-4111-8111-111111111111', amount: 15000 });
    expect(payment.urlConfirmation).toBe('http://conversa.test/webhooks/payments/flow');
    const sent = flow.received((r) => r.path === '/payment/create')[0];
    expect(new URLSearchParams(sent?.raw.toString()).get('s')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is refused by Flow when the signature is made with another secret', async () => {
    const wrong = createFlowAdapter({
      apiUrl: flow.url,
      apiKey: keys.apiKey,
      secretKey: 'other',
      timeoutMs: 2000,
    });
    await expect(wrong.create(request('22222222-2222-4222-8222-222222222222'))).rejects.toMatchObject({
      name: 'PaymentCallError',
      isRetryable: false,
    });
  });

  it('reads pending, then paid, the same when asked again, and rejected or cancelled ones', async () => {
    const flowAdapter = adapter();
    const { ref } = await flowAdapter.create(request('33333333-3333-4333-8333-333333333333'));
    expect((await flowAdapter.read(ref)).status).toBe('pending');
    flow.mark(ref, 2);
    const paid = await flowAdapter.read(ref);
    expect(paid).toMatchObject({ ref, status: 'paid', amount: 15000, currency: 'CLP' });
    expect(await flowAdapter.read(ref)).toMatchObject({ status: 'paid' });
    flow.mark(ref, 3);
    expect((await flowAdapter.read(ref)).status).toBe('rejected');
    flow.mark(ref, 4);
    expect((await flowAdapter.read(ref)).status).toBe('cancelled');
  });

  it("takes the confirmation's token and refuses one without it", async () => {
    expect(await adapter().noticeOf({ headers: {}, body: { token: 'ABC' } })).toBe('ABC');
    await expect(adapter().noticeOf({ headers: {}, body: {} })).rejects.toBeInstanceOf(NoticeRefused);
  });

  it('is not offered without its keys', () => {
    expect(
      createFlowAdapter({ apiUrl: flow.url, apiKey: '', secretKey: '', timeoutMs: 2000 }).isConfigured(),
    ).toBe(false);
  });
});
