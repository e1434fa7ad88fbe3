import { createServer } from 'node:net';
import type { FeatureKind } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clients, features, invoices, messageBags, plans, purchases } from '../../core/db/schema';
import { type FakeFlow, startFakeFlow } from '../../test/fakes/fake-flow';
import { type FakePaypal, startFakePaypal } from '../../test/fakes/fake-paypal';
import { type FakeRebill, startFakeRebill } from '../../test/fakes/fake-rebill';
import { createTestApp, type TestApp } from '../../test/test-app';

export const FLOW_KEYS = { apiKey: 'flow-api-key-test', secretKey: 'flow-secret-key-test' };
export const PAYPAL_KEYS = {
  clientId: 'paypal-client-test',
  clientSecret: 'paypal-secret-test',
  webhookId: 'WH-TEST-1',
};
export const REBILL_KEYS = { apiKey: 'sk_test_rebill_test' };

export type BillingWorld = {
  testApp: TestApp;
  base: string;
  flow: FakeFlow;
  paypal: FakePaypal;
  rebill: FakeRebill;
  close: () => Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/**
 * The app listening on a port known beforehand (its PUBLIC_URL is where the fakes post notifications),
 * with the three fake providers and the platform's credentials for them.
 */
export const startBillingWorld = async (): Promise<BillingWorld> => {
  const [flow, paypal, rebill] = await Promise.all([
    startFakeFlow(FLOW_KEYS),
    startFakePaypal(PAYPAL_KEYS),
    startFakeRebill(REBILL_KEYS),
  ]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const testApp = await createTestApp({
    publicUrl: base,
    payments: {
      flow: { apiUrl: flow.url, ...FLOW_KEYS },
      paypal: { apiUrl: paypal.url, ...PAYPAL_KEYS },
      rebill: { apiUrl: rebill.url, ...REBILL_KEYS },
    },
  });
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return {
    testApp,
    base,
    flow,
    paypal,
    rebill,
    close: async () => {
      await testApp.close();
      await Promise.all([flow.close(), paypal.close(), rebill.close()]);
    },
  };
};

let counter = 0;
const code = (prefix: string) => {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
};

/** A plan for the Marketplace (public unless said), 20,000 CLP or 25 USD for 30 days. */
export const insertPlan = async (
  app: FastifyInstance,
  overrides: Partial<typeof plans.$inferInsert> = {},
) => {
  const [row] = await app.database.db
    .insert(plans)
    .values({
      code: code('plan'),
      name: 'Plan Pro',
      price_clp: 20_000,
      price_usd: 25,
      duration_days: 30,
      devices: 3,
      users: 5,
      messages: 1000,
      access: ['billing.view', 'chat.view', 'contact.view'],
      is_public: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no plan');
  return row;
};

/** A feature for the Marketplace: a bag of 1,000 messages at 15,000 CLP or 19.90 USD by default. */
export const insertFeature = async (
  app: FastifyInstance,
  kind: FeatureKind = 'message_bag',
  overrides: Partial<typeof features.$inferInsert> = {},
) => {
  const [row] = await app.database.db
    .insert(features)
    .values({
      code: code('feature'),
      name: kind === 'message_bag' ? 'Bolsa 1000 mensajes' : `Extra ${kind}`,
      kind,
      quantity: kind === 'message_bag' ? 1000 : 1,
      price_clp: 15_000,
      price_usd: 19.9,
      is_public: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no feature');
  return row;
};

export const purchaseOf = async (app: FastifyInstance, id: string) =>
  (await app.database.db.select().from(purchases).where(eq(purchases.id, id)))[0];

export const invoicesOf = (app: FastifyInstance, purchaseId: string) =>
  app.database.db.select().from(invoices).where(eq(invoices.purchase_id, purchaseId));

export const bagsOf = (app: FastifyInstance, clientId: string) =>
  app.database.db.select().from(messageBags).where(eq(messageBags.client_id, clientId));

export const companyOf = async (app: FastifyInstance, clientId: string) =>
  (await app.database.db.select().from(clients).where(eq(clients.id, clientId)))[0];

/** Waits until `check` answers something truthy (a job's work, a notification arriving). */
export const eventually = async <T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
