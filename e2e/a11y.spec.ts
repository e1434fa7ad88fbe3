import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';
import { text } from './texts';

const OWNER = 'owner@demo.test';
const LOCALES = ['es', 'ar'] as const;
type Locale = (typeof LOCALES)[number];

/** The interface language lives in local storage until a signed-in user saves another one. */
const useLanguage = async (page: Page, locale: Locale) => {
  await page.evaluate(`window.localStorage.setItem('language', '${locale}')`);
};

/** The part of the browser's document this file reads (the e2e project compiles without the DOM types). */
type AnimatedDocument = {
  getAnimations: () => { playState: string; effect: { getTiming: () => { iterations?: number } } | null }[];
};

/** Signs in as the demo owner, whose saved language is Spanish, and shows the app in `locale`. */
const openAppIn = async (page: Page, locale: Locale) => {
  await signIn(page, OWNER, DEMO_PASSWORD);
  await useLanguage(page, locale);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
};

/** Waits until no transition is running, so colours are measured on the final frame (loaders pulse forever). */
const settle = async (page: Page) => {
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every((item) => item.playState !== 'running' || item.effect?.getTiming().iterations === Infinity),
  );
};

/**
 * Runs axe-core on the page as it is now and records, without stopping the test, every serious or
 * critical violation with its rule id, impact and the elements it was found on.
 */
const audit = async (page: Page, screen: string) => {
  await settle(page);
  // label-in-name (axe's label-content-name-mismatch) is tagged experimental, so axe skips it unless asked:
  // a control's accessible name must contain the text it shows (WCAG 2.5.3).
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect.soft(blocking, `axe-core on ${screen}`).toEqual([]);
};

/** A new customer writes through the sandbox webhook, exactly as a provider would deliver it. */
const customerWrites = async (request: APIRequestContext, name: string) => {
  const login = await request.post('/api/v1/es/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
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
  const response = await request.post(`/webhooks/sandbox/${device.id}`, {
    headers: { 'X-Sandbox-Secret': device.setting.conect.config.secret },
    data: {
      from: { phone: `5698${String(Date.now()).slice(-7)}`, name },
      message: { id: `a11y-${Date.now()}`, type: 'chat', body: 'Hola, ¿me ayudan?' },
    },
  });
  expect(response.status()).toBe(200);
};

/** Focus must be drawn: the keyboard-focused control shows an outline. */
const expectFocusRing = async (control: Locator) => {
  await expect(control).toBeFocused();
  await expect(control).toHaveCSS('outline-style', 'solid');
  await expect(control).toHaveCSS('outline-width', '2px');
};

for (const locale of LOCALES) {
  test(`sign-in and sign-up have no serious accessibility violations (${locale})`, async ({ page }) => {
    await page.goto('/signin');
    await useLanguage(page, locale);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { name: text(locale, 'signin.title') })).toBeVisible();
    await expect(page.getByLabel(text(locale, 'signin.email'))).toBeVisible();
    await audit(page, `sign-in (${locale})`);

    await page.getByTestId('signup-link').click();
    await expect(page.getByTestId('signup-submit')).toBeVisible();
    await audit(page, `sign-up (${locale})`);
  });

  test(`the dashboard, devices and contacts have no serious accessibility violations (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openAppIn(page, locale);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await audit(page, `dashboard (${locale})`);

    await page.getByTestId('floating-chat').click();
    const quickSearch = page.getByRole('textbox', { name: text(locale, 'chat.list.search') });
    await expect(quickSearch).toBeVisible();
    await audit(page, `floating chat (${locale})`);
    await page.keyboard.press('Escape');
    await expect(quickSearch).toBeHidden();

    await page.goto('/app/devices');
    await expect(page.getByTestId('device-list')).toBeVisible();
    await audit(page, `devices (${locale})`);

    await page.goto('/app/contacts');
    await expect(page.getByTestId('page-title')).toHaveText(text(locale, 'nav.contacts'));
    await audit(page, `contacts (${locale})`);
  });

  test(`the chat, its panel and its dialogs have no serious accessibility violations, and Enter sends (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const customer = `Cliente Accesible ${locale} ${Date.now() % 10_000}`;
    await customerWrites(request, customer);
    await openAppIn(page, locale);

    await page.goto('/app/chat');
    const row = page.getByTestId('conversation-row').filter({ hasText: customer });
    await expect(row).toBeVisible();
    await audit(page, `chat list (${locale})`);

    await row.click();
    await expect(page.getByTestId('panel-name')).toHaveText(customer);
    await page.getByTestId('take-chat').click();
    const composer = page.getByTestId('composer-input');
    await expect(composer).toBeEnabled();
    // Enter sends: the message appears in the conversation.
    const reply = `Con gusto, le ayudo (${locale})`;
    await composer.fill(reply);
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: reply })).toBeVisible();
    await expect(composer).toHaveValue('');
    await audit(page, `chat panel (${locale})`);

    await page.getByRole('button', { name: text(locale, 'chat.panel.sidePanel') }).click();
    await expect(page.getByTestId('notes-panel')).toBeVisible();
    await audit(page, `notes drawer (${locale})`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notes-panel')).toBeHidden();

    await page.getByTestId('transfer-open').first().click();
    await expect(page.getByTestId('transfer-submit')).toBeVisible();
    await audit(page, `transfer (${locale})`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('transfer-submit')).toBeHidden();

    await page.getByTestId('new-message').click();
    const newMessage = page.getByRole('dialog', { name: text(locale, 'chat.newMessage.title') });
    await expect(newMessage).toBeVisible();
    await audit(page, `new message (${locale})`);
    await page.keyboard.press('Escape');
    await expect(newMessage).toBeHidden();

    await page.getByRole('button', { name: text(locale, 'chat.columns.title') }).click();
    const columns = page.getByRole('dialog', { name: text(locale, 'chat.columns.title') });
    await expect(columns).toBeVisible();
    await audit(page, `column dialog (${locale})`);
    await page.keyboard.press('Escape');
    await expect(columns).toBeHidden();
  });
}

test('a keyboard-only user signs in with Tab and Enter, and sees where focus is', async ({ page }) => {
  await page.goto('/signin');
  const email = page.getByLabel(text('es', 'signin.email'));
  const password = page.getByLabel(text('es', 'signin.password'), { exact: true });
  await expect(email).toBeVisible();

  for (let presses = 0; presses < 10; presses += 1) {
    if ((await email.and(page.locator(':focus')).count()) > 0) break;
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  await page.keyboard.type(OWNER);
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  // The next stop is the submit button (or the show-password toggle first); either shows a focus ring.
  await page.keyboard.press('Tab');
  await expectFocusRing(page.locator(':focus'));
  await page.keyboard.press('Shift+Tab');
  await expect(password).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard\/main$/);

  await page.goto('/app/chat');
  const row = page.getByTestId('conversation-row').first();
  await expect(row).toBeVisible();
  await page.keyboard.press('Tab');
  await row.focus();
  await expectFocusRing(row);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('panel-name')).toBeVisible();
});
