import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type FakeFlow, startFakeFlow } from '../apps/server/src/test/fakes/fake-flow';
import { FAKE_FLOW_CREDENTIALS, FAKE_FLOW_PORT } from './fake-flow';
import { signIn } from './session';

const MASTER = { email: 'master@conversa.test', password: 'Master#2026' };
const OWNER_PASSWORD = 'Tienda#2026';
const DAY_MS = 86_400_000;

let flow: FakeFlow | undefined;

test.beforeAll(async () => {
  flow = await startFakeFlow(FAKE_FLOW_CREDENTIALS, FAKE_FLOW_PORT);
});

test.afterAll(async () => {
  await flow?.close();
});

const loginOf = async (request: APIRequestContext, email: string, password: string) => {
  const login = await request.post('/api/v1/es/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return (await login.json()).data[0] as { access_token: string; clientid: string };
};

const tokenOf = async (request: APIRequestContext, email: string, password: string): Promise<string> =>
  (await loginOf(request, email, password)).access_token;

const call = async (
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  path: string,
  data?: unknown,
) => {
  const response = await request[method](`/api/v1/es/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = await response.json();
  expect(response.ok(), `${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data[0];
};

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The master, in the console, makes a public plan and a company on it with its owner; the message bag the
 * owner buys is added to the catalogue through the API.
 */
const setUpCompany = async (page: Page, request: APIRequestContext) => {
  const stamp = Date.now().toString(36);
  const planName = `Plan Tienda ${stamp}`;
  const owner = { email: `tienda-${stamp}@billing.test`, password: OWNER_PASSWORD };
  await signIn(page, MASTER.email, MASTER.password);

  await page.goto('/app/plans');
  await page.getByTestId('plan-new').click();
  const plan = page.getByRole('dialog');
  await plan.getByTestId('plan-code').fill(`e2e-${stamp}`);
  await plan.getByTestId('plan-name').fill(planName);
  await plan.getByTestId('plan-duration_days').fill('30');
  await plan.getByTestId('plan-price_clp').fill('29990');
  await plan.getByTestId('plan-price_usd').fill('32.5');
  await plan.getByTestId('plan-quantities.user').fill('3');
  await plan.getByTestId('plan-quantities.device').fill('1');
  await plan.getByTestId('plan-quantities.message').fill('1000');
  for (const key of ['chat.view', 'contact.view', 'billing.view']) {
    await plan.getByTestId(`plan-access-key-${key}`).click();
  }
  await plan.getByTestId('plan-submit').click();
  await expect(plan).toBeHidden();
  await expect(page.getByTestId('plan-row').filter({ hasText: planName })).toBeVisible();

  await page.goto('/app/clients');
  await page.getByTestId('client-new').click();
  const company = page.getByRole('dialog');
  await company.getByTestId('client-company').fill(`Tienda ${stamp}`);
  await company.getByTestId('client-nameuser').fill('Teresa Tienda');
  await company.getByTestId('client-email').fill(owner.email);
  await company.getByTestId('client-password').fill(owner.password);
  await company.locator('#client-plan_id').click();
  await page.getByRole('option', { name: planName }).click();
  await company.getByTestId('client-expiresOn').fill(isoDay(Date.now() + 30 * DAY_MS));
  await company.getByTestId('client-create-submit').click();
  await expect(company).toBeHidden();

  const master = await tokenOf(request, MASTER.email, MASTER.password);
  const bag = await call(request, master, 'post', 'feature/create', {
    code: `bag-${stamp}`,
    name: `Bolsa 500 mensajes ${stamp}`,
    kind: 'message_bag',
    quantity: 500,
    price_clp: 5_000,
    price_usd: 5.5,
    is_public: true,
  });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/signin$/);
  return { master, bag, owner };
};

const buyOnFlow = async (page: Page, bagName: string) => {
  await page.goto('/app/billing/features');
  const card = page.getByTestId('feature-card').filter({ hasText: bagName });
  await expect(card.getByTestId('feature-price')).toHaveText('5.000 CLP');
  await card.getByTestId('feature-buy').click();
  const dialog = page.getByRole('dialog');
  // A Chilean company pays in pesos (never PayPal), and only with the providers the platform has
  // credentials for: this server has Flow's alone, so Rebill is not offered.
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await dialog.getByRole('radio', { name: 'Flow' }).check();
  await dialog.getByTestId('checkout-quantity').fill('2');
  await expect(dialog.getByTestId('checkout-total')).toHaveText('Total: 10.000 CLP');
  await dialog.getByTestId('checkout-submit').click();
  // Flow's own page: the payer pays there and is sent back to the Marketplace.
  await page.waitForURL(/\/app\/web\/pay\.php\?token=/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/app\/billing\/plans\?purchase=/);
};

test('the owner buys a message bag with Flow, sees the success and the balance, then the plan expires', async ({
  page,
  request,
}) => {
  const { master, bag, owner } = await setUpCompany(page, request);
  const { clientid: clientId } = await loginOf(request, owner.email, owner.password);

  await signIn(page, owner.email, owner.password);
  await expect(page.getByTestId('balance-bags')).toContainText('0 de 0 usados');
  await buyOnFlow(page, bag.name);

  const success = page.getByTestId('payment-success');
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toContainText('¡Pago confirmado!');
  await success.getByTestId('payment-success-confirm').click();
  await expect(page).toHaveURL(/\/app\/billing\/plans$/);
  await expect(page.getByTestId('purchase-waiting')).toHaveCount(0);
  await page.goto('/app/dashboard/main');
  await expect(page.getByTestId('balance-bags')).toContainText('0 de 1.000 usados');

  await page.goto('/app/billing/plans');
  await page.getByTestId('billing-link-invoices').click();
  const invoice = page.getByTestId('invoice-row').first();
  await expect(invoice).toContainText('Flow');
  await expect(invoice.getByTestId('invoice-amount')).toHaveText('10.000 CLP');

  // The master moves the plan's end into the past: the company reads as unpaid from then on.
  await call(request, master, 'put', `client/updateone/${clientId}`, {
    plan_expires_at: new Date(Date.now() - 3 * DAY_MS).toISOString(),
  });
  await page.reload();
  const expired = page.getByTestId('plan-expired');
  await expect(expired).toBeVisible();
  await expect(expired).toContainText('Tu Plan ha expirado');
  await expect(expired).toContainText('Tiene un pago pendiente.');
});
