/// <reference lib="dom" />
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type FakeMaytapi, startFakeMaytapi } from '../apps/server/src/test/fakes/fake-maytapi';
import { type FakeTwilio, signTwilio, startFakeTwilio } from '../apps/server/src/test/fakes/fake-twilio';
import {
  FAKE_MAYTAPI_CREDENTIALS,
  FAKE_MAYTAPI_PORT,
  FAKE_TWILIO_ACCOUNT,
  FAKE_TWILIO_PORT,
} from './fake-channels';
import { DEMO_PASSWORD, signIn } from './session';

const OWNER = 'owner@demo.test';
const READY = 'Escriba y pulse Enter para enviar el mensaje.';

let twilio: FakeTwilio;
let maytapi: FakeMaytapi;

test.beforeAll(async () => {
  twilio = await startFakeTwilio(
    FAKE_TWILIO_ACCOUNT.accountSid,
    FAKE_TWILIO_ACCOUNT.authToken,
    FAKE_TWILIO_PORT,
  );
  maytapi = await startFakeMaytapi(FAKE_MAYTAPI_CREDENTIALS, FAKE_MAYTAPI_PORT);
});

test.afterAll(async () => {
  await twilio?.close();
  await maytapi?.close();
});

// The webhook URL is copied with the button beside it, as a person pasting it into Twilio would.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const ownerToken = async (request: APIRequestContext): Promise<string> => {
  const login = await request.post('/api/v1/es/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
  return (await login.json()).data[0].access_token;
};

/** The device a test made, removed after it whatever happened: later specs expect the demo's devices only. */
let madeDeviceId: string | undefined;

test.afterEach(async ({ request }) => {
  if (!madeDeviceId) return;
  const headers = { Authorization: `Bearer ${await ownerToken(request)}` };
  expect((await request.delete(`/api/v1/es/device/deleteone/${madeDeviceId}`, { headers })).status()).toBe(
    200,
  );
  madeDeviceId = undefined;
});

const deviceIdOf = (url: string): string => {
  const id = new URL(url).pathname.match(/\/app\/devices\/detail\/([\w-]+)$/)?.[1];
  if (!id) throw new Error(`not a device page: ${url}`);
  return id;
};

test('a Twilio sender added from the devices screen receives a signed message and answers it through Twilio', async ({
  page,
  request,
  baseURL,
}) => {
  const stamp = Date.now();
  const deviceName = `Twilio ${stamp % 100_000}`;
  const customer = { phone: `5698${String(stamp).slice(-7)}`, name: `Cliente Twilio ${stamp % 100_000}` };
  const { accountSid, authToken, fromNumber } = FAKE_TWILIO_ACCOUNT;

  await signIn(page, OWNER, DEMO_PASSWORD);
  await page.goto('/app/devices');
  await page.getByTestId('new-device').click();
  await page.getByTestId('channel-choice-twilio').click();
  await expect(page.getByTestId('channel-choice-twilio')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('new-device-mode')).toHaveText('Oficial');
  await page.getByTestId('device-name').fill(deviceName);
  await page.getByTestId('config-account_sid').fill(accountSid);
  await page.getByTestId('config-auth_token').fill(authToken);
  await page.getByTestId('config-from_number').fill(fromNumber);
  await page.getByTestId('new-device-submit').click();

  // Connected: the fake answered the account read with the same basic auth Twilio asks for.
  await expect(page).toHaveURL(/\/app\/devices\/detail\/[\w-]+$/);
  const deviceId = deviceIdOf(page.url());
  madeDeviceId = deviceId;
  await expect(page.getByTestId('page-title')).toHaveText(deviceName);
  await expect(page.getByTestId('device-status')).toHaveText('Conectado');
  await expect(page.getByTestId('device-mode')).toHaveText('Oficial');
  await expect(page.getByTestId('config-auth_token')).toHaveValue(`••••${authToken.slice(-4)}`);
  const accountReads = twilio.received(
    (call) => call.method === 'GET' && call.path === `/2010-04-01/Accounts/${accountSid}.json`,
  );
  expect(accountReads.length).toBeGreaterThan(0);

  // The webhook URL to paste into Twilio: under PUBLIC_URL, copied with its button.
  const webhookUrl = `${baseURL}/webhooks/twilio/${deviceId}`;
  await expect(page.getByTestId('webhook-url')).toHaveValue(webhookUrl);
  await page.getByRole('button', { name: 'Copiar URL del webhook (devolución de llamada)' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webhookUrl);

  // The inbox open, live, before the customer writes.
  await page.goto('/app/chat');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

  // Twilio posts the customer's message, form-encoded and signed over the URL it was given.
  const text = 'Hola, ¿puedo cambiar mi hora del jueves?';
  const inbound = {
    MessageSid: `SM${stamp.toString(16).padStart(32, 'f')}`,
    SmsMessageSid: `SM${stamp.toString(16).padStart(32, 'f')}`,
    SmsStatus: 'received',
    AccountSid: accountSid,
    MessagingServiceSid: '',
    From: `whatsapp:+${customer.phone}`,
    To: `whatsapp:${fromNumber}`,
    WaId: customer.phone,
    ProfileName: customer.name,
    Body: text,
    NumMedia: '0',
    NumSegments: '1',
    MessageType: 'text',
    ReferralNumMedia: '0',
    ApiVersion: '2010-04-01',
  };
  const deliver = (params: Record<string, string>, signedUrl = webhookUrl) =>
    request.post(`/webhooks/twilio/${deviceId}`, {
      headers: { 'X-Twilio-Signature': signTwilio(authToken, signedUrl, params) },
      form: params,
    });
  // A signature over another address (the Host the request came in with, say) proves nothing.
  const forged = await deliver(inbound, webhookUrl.replace('127.0.0.1', 'localhost'));
  expect([401, 403]).toContain(forged.status());
  expect((await deliver(inbound)).status()).toBe(200);

  const row = page.getByTestId('conversation-row').filter({ hasText: customer.name });
  await expect(row).toBeVisible();
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page.getByTestId('panel-name')).toHaveText(customer.name);
  await expect(page.getByTestId('message').filter({ hasText: text })).toHaveCount(1);

  // The owner takes the conversation and answers from the composer; Twilio's Messages API gets it.
  await page.getByTestId('take-chat').click();
  await expect(page.getByTestId('composer-input')).toHaveAttribute('placeholder', READY);
  const reply = 'Claro, ¿le acomoda el viernes a las 11:30?';
  await page.getByTestId('composer-input').fill(reply);
  await page.getByTestId('composer-input').press('Enter');
  const sent = page.getByTestId('message').filter({ hasText: reply });
  await expect(sent.getByTestId('status-sent')).toBeVisible();
  const sendIndex = twilio.sends().findIndex((form) => form.get('Body') === reply);
  expect(sendIndex).toBeGreaterThanOrEqual(0);
  const form = twilio.sends()[sendIndex];
  expect({
    To: form?.get('To'),
    From: form?.get('From'),
    Body: form?.get('Body'),
    StatusCallback: form?.get('StatusCallback'),
  }).toEqual({
    To: `whatsapp:+${customer.phone}`,
    From: `whatsapp:${fromNumber}`,
    Body: reply,
    StatusCallback: webhookUrl,
  });

  // Twilio's status callback (the fake numbers the sids of the sends it accepts, in order): delivered, live.
  const status = {
    MessageSid: `SM${String(sendIndex + 1).padStart(32, '0')}`,
    MessageStatus: 'delivered',
    SmsStatus: 'delivered',
    AccountSid: accountSid,
    From: `whatsapp:${fromNumber}`,
    To: `whatsapp:+${customer.phone}`,
    ApiVersion: '2010-04-01',
  };
  expect((await deliver(status)).status()).toBe(200);
  await expect(sent.getByTestId('status-recive')).toBeVisible();
});

test('a phone linked to the QR gateway: the QR shows and changes live, the screen follows the link and a ban', async ({
  page,
  baseURL,
}) => {
  const appUrl = baseURL ?? '';
  const stamp = Date.now();
  const deviceName = `WhatsApp QR ${stamp % 100_000}`;
  const { productId, phoneId, apiKey } = FAKE_MAYTAPI_CREDENTIALS;
  const qrOf = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
  maytapi.setState('PAIRING');

  await signIn(page, OWNER, DEMO_PASSWORD);
  await page.goto('/app/devices');
  await page.getByTestId('new-device').click();
  await page.getByTestId('channel-choice-maytapi').click();
  await expect(page.getByTestId('new-device-mode')).toHaveText('No oficial');
  await page.getByTestId('device-name').fill(deviceName);
  await page.getByTestId('config-product_id').fill(productId);
  await page.getByTestId('config-phone_id').fill(phoneId);
  await page.getByTestId('config-api_key').fill(apiKey);
  await page.getByTestId('new-device-submit').click();

  // The gateway took the credentials and waits for a scan: the QR opens at once, a real PNG from /qrCode.
  await expect(page).toHaveURL(/\/app\/devices\/detail\/[\w-]+\?link=1$/);
  const deviceId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  madeDeviceId = deviceId;
  expect(maytapi.webhook()).toMatch(
    new RegExp(`^${appUrl.replace(/[.]/g, '\\.')}/webhooks/maytapi/${deviceId}\\?secret=[\\w-]{16,}$`),
  );
  const dialog = page.getByTestId('link-phone-dialog');
  const qr = dialog.getByTestId('gateway-qr');
  await expect(qr).toHaveAttribute('src', qrOf(maytapi.qr()));
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(25);
  await expect(page.getByTestId('gateway-session')).toHaveAttribute('data-session', 'qr');
  await expect(page.getByTestId('gateway-session')).toHaveText('Esperando el escaneo del QR');
  await expect(page.getByTestId('device-status')).toHaveText('Desconectado');
  await expect(page.getByTestId('device-mode')).toHaveText('No oficial');

  // A second tab keeps the list open: the card's session follows too.
  const list = await page.context().newPage();
  await list.goto('/app/devices');
  const card = list.getByTestId('device-card').filter({ hasText: deviceName });
  await expect(card.getByTestId('gateway-session')).toHaveAttribute('data-session', 'qr');

  // A delivery without the device's secret changes nothing.
  expect(await maytapi.post(appUrl, { type: 'status', status: 'active' }, { secret: 'not-the-secret' })).toBe(
    401,
  );

  // The gateway renews its QR and says so: the image on screen is the new one, without a reload.
  const renewed = maytapi.renewQr();
  expect(await maytapi.post(appUrl, { type: 'status', status: 'qr-screen' })).toBe(200);
  await expect(qr).toHaveAttribute('src', qrOf(renewed));
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(25);

  // The phone scans it: the gateway reports the session active and the dialog says it is linked.
  maytapi.setState('CONNECTED');
  expect(await maytapi.post(appUrl, { type: 'status', status: 'active' })).toBe(200);
  await expect(dialog.getByTestId('gateway-linked')).toBeVisible();
  await expect(qr).toHaveCount(0);
  await expect(page.getByTestId('device-status')).toHaveText('Conectado');
  await expect(page.getByTestId('gateway-session')).toHaveText('Teléfono vinculado');
  await expect(card.getByTestId('gateway-session')).toHaveAttribute('data-session', 'connected');
  await expect(card.getByTestId('device-status')).toHaveText('Conectado');
  await dialog.getByTestId('link-phone-close').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/app/devices/detail/${deviceId}$`));
  await expect(page.getByTestId('gateway-qr-panel').getByTestId('gateway-linked')).toBeVisible();

  // WhatsApp bans the number: impossible to miss, on the page and on the card.
  maytapi.setState('BANNED');
  expect(await maytapi.post(appUrl, { type: 'status', status: 'banned' })).toBe(200);
  await expect(page.getByTestId('gateway-session')).toHaveAttribute('data-session', 'banned');
  await expect(
    page.getByRole('alert').filter({ hasText: 'WhatsApp bloqueó este número' }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('device-status')).toHaveText('Desconectado');
  await expect(card.getByTestId('gateway-session')).toHaveText('Número bloqueado');
  await expect(card.getByTestId('gateway-banned')).toBeVisible();
  await list.close();
});
