import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

const AGENT = 'agent@demo.test';
const SUPERVISOR = 'supervisor@demo.test';
const TAKEN = 'La conversación ha sido tomada por otro usuario.';
const READY = 'Escriba y pulse Enter para enviar el mensaje.';

type SandboxDevice = { id: string; secret: string };

/** The seeded sandbox device and its webhook secret, read with the owner's token as any admin would. */
const sandboxDevice = async (request: APIRequestContext): Promise<SandboxDevice> => {
  const login = await request.post('/api/v1/es/login', {
    data: { email: 'owner@demo.test', password: DEMO_PASSWORD },
  });
  const token: string = (await login.json()).data[0].access_token;
  const search = await request.post('/api/v1/es/device/search', {
    headers: { Authorization: `Bearer ${token}` },
    data: { page: 1, offset: 50 },
  });
  const devices: { id: string; setting: { conect: { type: string; config: { secret?: string } } } }[] = (
    await search.json()
  ).data;
  const device = devices.find((item) => item.setting.conect.type === 'sandbox');
  if (!device?.setting.conect.config.secret) throw new Error('the demo company has no sandbox device');
  return { id: device.id, secret: device.setting.conect.config.secret };
};

/** The customer writes through the sandbox webhook, exactly as a provider would deliver it. */
const customerWrites = async (
  request: APIRequestContext,
  device: SandboxDevice,
  customer: { phone: string; name: string },
  body: string,
) => {
  const response = await request.post(`/webhooks/sandbox/${device.id}`, {
    headers: { 'X-Sandbox-Secret': device.secret },
    data: { from: customer, message: { id: `e2e-${Date.now()}-${Math.random()}`, type: 'chat', body } },
  });
  expect(response.status()).toBe(200);
};

const agentPage = async (browser: Browser, email: string): Promise<Page> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  await page.goto('/app/chat');
  await expect(page.getByTestId('chat-count')).toBeVisible();
  return page;
};

const openConversation = async (page: Page, name: string) => {
  await page.getByTestId('conversation-row').filter({ hasText: name }).click();
  await expect(page.getByTestId('panel-name')).toHaveText(name);
};

test('two agents share a live conversation: take, reply, transfer, and the 10 MB rule', async ({
  browser,
  request,
}) => {
  const device = await sandboxDevice(request);
  const customer = {
    phone: `5697${String(Date.now()).slice(-7)}`,
    name: `Cliente Prueba ${Date.now() % 10_000}`,
  };
  const agentA = await agentPage(browser, AGENT);
  const agentB = await agentPage(browser, SUPERVISOR);

  await customerWrites(request, device, customer, 'Hola, ¿me ayudan con una hora?');
  // Live, without reload, for both agents.
  for (const page of [agentA, agentB]) {
    await expect(page.getByTestId('conversation-row').filter({ hasText: customer.name })).toBeVisible();
  }

  await openConversation(agentA, customer.name);
  await agentA.getByTestId('take-chat').click();
  await expect(agentA.getByTestId('composer-input')).toHaveAttribute('placeholder', READY);

  await openConversation(agentB, customer.name);
  await expect(agentB.getByTestId('composer-input')).toHaveAttribute('placeholder', TAKEN);
  await expect(agentB.getByTestId('composer-input')).toBeDisabled();

  // Hold the request a moment so the optimistic copy (status queue) can be seen before the server answers.
  await agentA.route('**/message/create', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await agentA.getByTestId('composer-input').fill('Claro, ¿qué día le acomoda?');
  await agentA.getByTestId('composer-input').press('Enter');
  const reply = agentA.getByTestId('message').filter({ hasText: 'Claro, ¿qué día le acomoda?' });
  await expect(reply.getByTestId('status-queue')).toBeVisible();
  await expect(reply.getByTestId('status-sent')).toBeVisible();
  await expect(reply).toHaveCount(1);
  await expect(
    agentB.getByTestId('message').filter({ hasText: 'Claro, ¿qué día le acomoda?' }),
  ).toBeVisible();

  await agentA.getByTestId('transfer-open').first().click();
  await agentA.getByRole('combobox', { name: 'Usuario' }).click();
  await agentA.getByTestId(`transfer-option-${SUPERVISOR}`).click();
  await agentA.getByTestId('transfer-submit').click();
  await expect(agentA.getByTestId('composer-input')).toHaveAttribute('placeholder', TAKEN);
  await expect(agentB.getByTestId('composer-input')).toHaveAttribute('placeholder', READY);
  await expect(agentB.getByTestId('composer-input')).toBeEnabled();

  const uploads: string[] = [];
  agentB.on('request', (sent) => {
    if (sent.url().includes('/message/create')) uploads.push(sent.url());
  });
  await agentB.getByTestId('composer-file').setInputFiles({
    name: 'grande.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10_000_001, 1),
  });
  await expect(agentB.getByTestId('file-error')).toHaveText('El archivo excede el tamaño permitido');
  expect(uploads).toEqual([]);
});

test('the chat widget in a frame of another origin tells its parent to close', async ({
  browser,
  baseURL,
}) => {
  const appOrigin = baseURL ?? 'http://127.0.0.1:8091';
  // The host page is served from a second server, on another origin (localhost, another port).
  const host: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html><body>
      <script>window.received = []; addEventListener('message', (event) => window.received.push(event.data));</script>
      <iframe id="widget" src="${appOrigin}/" style="width:420px;height:720px;border:0"></iframe>
    </body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  const hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(hostUrl);
    const widget = page.frameLocator('#widget');
    // The frame may or may not share a session with the app's own tab (storage partitioning): sign in there.
    const chat = widget.getByTestId('chat-page');
    const submit = widget.getByTestId('signin-submit');
    await expect(chat.or(submit)).toBeVisible();
    if (await submit.isVisible()) {
      await widget.getByLabel('Correo electrónico').fill(AGENT);
      await widget.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
      await submit.click();
    }
    await expect(chat).toBeVisible();
    await expect(widget.getByTestId('widget-logout')).toBeVisible();
    // Widget mode: no custom-columns control.
    await expect(widget.getByRole('button', { name: 'Columnas' })).toHaveCount(0);
    await widget.getByTestId('widget-close').click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { received: unknown[] }).received))
      .toContainEqual({
        action: 'close',
      });
    await context.close();
  } finally {
    host.close();
  }
});

test('away from the chat, a customer message toasts its first 25 characters and opens the conversation', async ({
  page,
  request,
}) => {
  const device = await sandboxDevice(request);
  const customer = {
    phone: `5696${String(Date.now()).slice(-7)}`,
    name: `Cliente Aviso ${Date.now() % 10_000}`,
  };
  await signIn(page, 'owner@demo.test', DEMO_PASSWORD);
  await expect(page.getByTestId('floating-chat')).toBeVisible();
  // Only what arrives over a live connection is toasted; earlier messages are simply listed.
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

  await customerWrites(request, device, customer, 'Quisiera confirmar mi hora del jueves a las diez');
  const toast = page.getByTestId('message-toast');
  await expect(toast).toContainText(customer.name);
  await expect(toast).toContainText('Quisiera confirmar mi hor…');
  await toast.click();
  await expect(page).toHaveURL(/\/app\/chat\?contact=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('panel-name')).toHaveText(customer.name);
  // The floating button is for the rest of the app; the chat page is the chat.
  await expect(page.getByTestId('floating-chat')).toHaveCount(0);

  await page.getByTestId('nav-dashboard').click();
  await page.getByTestId('floating-chat').click();
  await page.getByRole('textbox', { name: 'Buscar por nombre' }).fill(customer.name);
  await page.getByRole('button', { name: new RegExp(customer.name) }).click();
  await expect(page).toHaveURL(/\/app\/chat\?contact=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('panel-name')).toHaveText(customer.name);
});
