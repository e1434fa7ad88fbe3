import { expect, test } from '@playwright/test';
import { type FakeTelegram, startFakeTelegram } from './fake-telegram';
import { DEMO_PASSWORD, signIn } from './session';

const OWNER = 'owner@demo.test';
const READY = 'Escriba y pulse Enter para enviar el mensaje.';

let telegram: FakeTelegram;

test.beforeAll(async () => {
  telegram = await startFakeTelegram();
});

test.afterAll(async () => {
  await telegram?.close();
});

test('a Telegram bot connected from the devices screen carries a conversation both ways', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const botToken = `${stamp % 1_000_000_000}:AAE-e2e_${stamp.toString(36)}`;
  const deviceName = `Bot Telegram ${stamp % 10_000}`;
  const customer = {
    chatId: 700_000_000 + (stamp % 1_000_000),
    firstName: 'Tomás',
    lastName: `Telegram ${stamp % 1000}`,
  };
  const customerName = `${customer.firstName} ${customer.lastName}`;

  await signIn(page, OWNER, DEMO_PASSWORD);
  await page.goto('/app/devices');
  await page.getByTestId('new-device').click();
  await page.getByTestId('channel-choice-telegram').click();
  await page.getByTestId('device-name').fill(deviceName);
  await page.getByTestId('config-bot_token').fill(botToken);
  await page.getByTestId('new-device-submit').click();

  // The new device's page: connected, because the fake accepted getMe and setWebhook.
  await expect(page).toHaveURL(/\/app\/devices\/detail\/[\w-]+$/);
  await expect(page.getByTestId('page-title')).toHaveText(deviceName);
  await expect(page.getByTestId('device-status')).toHaveText('Conectado');
  await expect(page.getByTestId('config-bot_token')).toHaveValue(`••••${botToken.slice(-4)}`);
  const webhookUrl = await page.getByTestId('webhook-url').inputValue();
  const [hook] = telegram.calls(botToken, 'setWebhook');
  expect(hook?.url).toBe(webhookUrl);
  const secret = String(hook?.secret_token ?? '');
  expect(secret).not.toBe('');

  // Telegram delivers the customer's message; a wrong secret is refused.
  const update = {
    update_id: stamp % 1_000_000,
    message: {
      message_id: 1,
      date: Math.floor(stamp / 1000),
      chat: { id: customer.chatId, type: 'private' },
      from: {
        id: customer.chatId,
        is_bot: false,
        first_name: customer.firstName,
        last_name: customer.lastName,
      },
      text: 'Hola, ¿tienen hora para mañana?',
    },
  };
  const forged = await request.post(webhookUrl, {
    headers: { 'X-Telegram-Bot-Api-Secret-Token': 'not-the-secret' },
    data: update,
  });
  expect(forged.status()).toBe(401);
  const delivered = await request.post(webhookUrl, {
    headers: { 'X-Telegram-Bot-Api-Secret-Token': secret },
    data: update,
  });
  expect(delivered.status()).toBe(200);

  // The owner takes the conversation in the inbox and replies through the bot.
  await page.goto('/app/chat');
  const row = page.getByTestId('conversation-row').filter({ hasText: customerName });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('panel-name')).toHaveText(customerName);
  await expect(
    page.getByTestId('message').filter({ hasText: 'Hola, ¿tienen hora para mañana?' }),
  ).toBeVisible();
  await page.getByTestId('take-chat').click();
  await expect(page.getByTestId('composer-input')).toHaveAttribute('placeholder', READY);
  const reply = 'Sí, a las 10:00 tenemos disponibilidad.';
  await page.getByTestId('composer-input').fill(reply);
  await page.getByTestId('composer-input').press('Enter');
  await expect(
    page.getByTestId('message').filter({ hasText: reply }).getByTestId('status-sent'),
  ).toBeVisible();
  await expect
    .poll(() =>
      telegram
        .calls(botToken, 'sendMessage')
        .map((sent) => ({ chat: String(sent.chat_id), text: sent.text })),
    )
    .toContainEqual({ chat: String(customer.chatId), text: reply });

  // A second tab keeps the list open: the status changes there live, through the socket.
  const list = await page.context().newPage();
  await list.goto('/app/devices');
  const card = list.getByTestId('device-card').filter({ hasText: deviceName });
  await expect(card.getByTestId('device-status')).toHaveText('Conectado');

  // Disconnect and delete from the device's page; the bot's webhook is removed.
  await page.goto(webhookUrl.replace(/^.*\/webhooks\/telegram\//, '/app/devices/detail/'));
  await page.getByTestId('device-disconnect').click();
  await expect(page.getByTestId('device-status')).toHaveText('Desconectado');
  await expect(page.getByTestId('device-connect')).toBeVisible();
  await expect(card.getByTestId('device-status')).toHaveText('Desconectado');
  expect(telegram.calls(botToken, 'deleteWebhook').length).toBeGreaterThan(0);
  await page.getByTestId('device-delete').click();
  await page.getByTestId('device-delete-confirm').click();
  await expect(page).toHaveURL(/\/app\/devices$/);
  await expect(page.getByTestId('device-card').filter({ hasText: deviceName })).toHaveCount(0);
  await expect(card).toHaveCount(0);
});
