/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

const AGENT = 'agent@demo.test';
const SUPERVISOR = 'supervisor@demo.test';
// An agent's transfer list names colleagues without their e-mails (those are for user.view).
const SUPERVISOR_NAME = 'Sofía Supervisor';
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

const agentPage = async (
  browser: Browser,
  email: string,
  viewport?: { width: number; height: number },
): Promise<Page> => {
  const context = await browser.newContext(viewport ? { viewport } : {});
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

let customers = 0;
const newCustomer = (prefix: string) => {
  customers += 1;
  return {
    phone: `569${String(Date.now()).slice(-6)}${customers % 10}`,
    name: `${prefix} ${Date.now() % 10_000}-${customers}`,
  };
};

/** A customer writes in, and the agent opens the new conversation and takes it. */
const takeNewConversation = async (
  page: Page,
  request: APIRequestContext,
  prefix: string,
): Promise<{ phone: string; name: string }> => {
  const customer = newCustomer(prefix);
  await customerWrites(request, await sandboxDevice(request), customer, 'Hola, necesito ayuda');
  await openConversation(page, customer.name);
  await page.getByTestId('take-chat').click();
  await expect(page.getByTestId('composer-input')).toHaveAttribute('placeholder', READY);
  return customer;
};

/**
 * How long after the click on `row` the message `text` can be seen, measured in the page itself (from the
 * click event to the first frame where the bubble is rendered and not hidden), so the number does not
 * include Playwright's own polling.
 */
const msUntilShownAfterClick = async (page: Page, row: Locator, text: string): Promise<number> => {
  await page.evaluate((wanted) => {
    const probe = globalThis as unknown as { openedIn?: number };
    delete probe.openedIn;
    document.addEventListener(
      'click',
      () => {
        const clickedAt = performance.now();
        const look = () => {
          const shown = [...document.querySelectorAll('[data-testid="message"]')].some(
            (bubble) =>
              bubble.textContent?.includes(wanted) &&
              bubble.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
          );
          if (shown) probe.openedIn = performance.now() - clickedAt;
          else requestAnimationFrame(look);
        };
        look();
      },
      { capture: true, once: true },
    );
  }, text);
  await row.click();
  const handle = await page.waitForFunction(
    () => (globalThis as unknown as { openedIn?: number }).openedIn,
    undefined,
    { timeout: 15_000 },
  );
  return (await handle.jsonValue()) as number;
};

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`a conversation that arrives live shows its message as soon as it is opened (${viewport.width} px)`, async ({
    browser,
    request,
  }) => {
    const device = await sandboxDevice(request);
    const customer = {
      phone: `5693${String(Date.now()).slice(-7)}`,
      name: `Cliente Nuevo ${Date.now() % 10_000}`,
    };
    const page = await agentPage(browser, AGENT, viewport);
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
    // An agent at work: another conversation was open before this one arrived.
    await openConversation(page, 'Ana Pérez');
    if (viewport.width < 900) await page.getByTestId('panel-back').click();

    await customerWrites(request, device, customer, 'Buenas tardes, ¿atienden hoy?');
    const row = page.getByTestId('conversation-row').filter({ hasText: customer.name });
    await expect(row).toBeVisible();
    // The defect showed an empty pane for about 6 s. Opening takes 300–700 ms of browser work on the 2-core
    // CI machine (under 500 ms on a quiet one), so the bound leaves room for its load, not for a regression.
    expect(await msUntilShownAfterClick(page, row, 'Buenas tardes, ¿atienden hoy?')).toBeLessThan(1_500);
    await page.context().close();
  });
}

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
  await agentA.getByTestId('transfer-option').filter({ hasText: SUPERVISOR_NAME }).click();
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

test("a sent file's check shows in its conversation's row too, without a reload", async ({
  browser,
  request,
}) => {
  const page = await agentPage(browser, AGENT);
  const customer = await takeNewConversation(page, request, 'Cliente Archivo');
  await page.getByTestId('composer-file').setInputFiles({
    name: 'presupuesto.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  const bubble = page.getByTestId('message').filter({ hasText: 'presupuesto.pdf' });
  await expect(bubble.getByTestId('status-sent')).toBeVisible();
  const row = page.getByTestId('conversation-row').filter({ hasText: customer.name });
  await expect(row.getByTestId('status-sent')).toBeVisible();
  await expect(row.getByTestId('status-queue')).toHaveCount(0);
  await page.context().close();
});

test('with the bot answering a conversation of mine, Take hands it back to me', async ({
  browser,
  request,
}) => {
  const page = await agentPage(browser, AGENT);
  await takeNewConversation(page, request, 'Cliente Bot');
  await page.getByRole('checkbox', { name: 'Respuesta automática (bot)' }).check();
  await expect(page.getByTestId('composer-input')).toHaveAttribute(
    'placeholder',
    'Para activar el chat debe tomar la conversación.',
  );
  await page.getByTestId('take-chat').click();
  await expect(page.getByTestId('composer-input')).toHaveAttribute('placeholder', READY);
  await expect(page.getByRole('checkbox', { name: 'Respuesta automática (bot)' })).not.toBeChecked();
  await expect(page.getByTestId('take-chat')).toHaveCount(0);
  await page.context().close();
});

test('a transfer is confirmed; the side panel drawer closes with its own button', async ({
  browser,
  request,
}) => {
  const page = await agentPage(browser, AGENT, { width: 1366, height: 768 });
  const customer = await takeNewConversation(page, request, 'Cliente Traspaso');

  await page.getByRole('button', { name: 'Presupuestos, tareas y notas' }).click();
  await expect(page.getByTestId('notes-panel')).toBeVisible();
  await page.getByTestId('notes-close').click();
  await expect(page.getByTestId('notes-panel')).toBeHidden();

  await page.getByTestId('transfer-open').first().click();
  await page.getByRole('combobox', { name: 'Usuario' }).click();
  await page.getByTestId('transfer-option').filter({ hasText: SUPERVISOR_NAME }).click();
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Conversación transferida a' })).toBeVisible();
  await expect(page.getByTestId('composer-input')).toHaveAttribute('placeholder', TAKEN);
  expect(customer.name).not.toBe('');
  await page.context().close();
});

test('the new-message dialog starts with the only connected device chosen', async ({ browser }) => {
  const page = await agentPage(browser, AGENT);
  await page.getByTestId('new-message').click();
  await expect(page.getByRole('combobox', { name: 'Dispositivo' })).not.toHaveText(/^\s*$/);
  await expect(page.getByRole('combobox', { name: 'Dispositivo' })).toHaveText('Sandbox');
  await page.context().close();
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the + button never covers a row (${viewport.width} px)`, async ({ browser }) => {
    const page = await agentPage(browser, AGENT, viewport);
    await expect(page.getByTestId('conversation-row').first()).toBeVisible();
    const fab = await page.getByTestId('new-message').boundingBox();
    const rows = await page.getByTestId('conversation-list').boundingBox();
    if (!fab || !rows) throw new Error('the + button or the list is not on screen');
    // Whatever the scroll position, a row can only be where the list's scroll area is.
    expect(fab.y).toBeGreaterThanOrEqual(rows.y + rows.height);
    await page.context().close();
  });
}

test('on a phone the chat starts at the top: the menu button sits in the list header, no empty band', async ({
  browser,
}) => {
  const page = await agentPage(browser, AGENT, { width: 390, height: 844 });
  const menu = await page.getByRole('button', { name: 'Abrir menú' }).boundingBox();
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  const list = await page.getByTestId('chat-page').boundingBox();
  if (!menu || !title || !list) throw new Error('the chat header is not on screen');
  expect(list.y).toBe(0);
  // The title shares the button's row, beside it.
  expect(Math.abs(title.y + title.height / 2 - (menu.y + menu.height / 2))).toBeLessThan(8);
  expect(title.x).toBeGreaterThanOrEqual(menu.x + menu.width);
  await page.context().close();
});
