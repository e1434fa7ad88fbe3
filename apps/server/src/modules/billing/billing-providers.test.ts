import type { PaymentProvider } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  // Only Flow has the platform's credentials; PayPal and Rebill are left without theirs.
  testApp = await createTestApp({
    payments: {
      flow: { apiUrl: 'http://127.0.0.1:9/flow', apiKey: 'flow-key', secretKey: 'flow-secret' },
      paypal: { apiUrl: 'http://127.0.0.1:9/paypal', clientId: '', clientSecret: '', webhookId: '' },
      rebill: { apiUrl: 'http://127.0.0.1:9/rebill', apiKey: '' },
    },
  });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the Marketplace providers', () => {
  it('offers only the providers the platform has credentials for, and refuses the others at checkout', async () => {
    const owner = await signupCompany(testApp.app);
    const offered = await call<{ provider: PaymentProvider }>(
      testApp.app,
      'GET',
      '/api/v1/en/billing/providers',
      {
        token: owner.token,
      },
    );
    expect(offered.status).toBe(200);
    expect(offered.body.data).toEqual([{ provider: 'flow' }]);

    const refused = await call(testApp.app, 'POST', '/api/v1/en/billing/checkout', {
      token: owner.token,
      body: { plan_id: '00000000-0000-4000-8000-000000000000', quantity: 1, provider: 'paypal' },
    });
    expect(refused.status).toBe(412);
  }, 30_000);
});
