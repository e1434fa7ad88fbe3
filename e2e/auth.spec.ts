import { expect, type Locator, test } from '@playwright/test';
import { chooseLanguage, signIn } from './session';

test('a new company signs up, signs in, reads the app in English and Arabic, and logs out', async ({
  page,
}) => {
  const email = `duena-${Date.now()}@empresa.cl`;
  // The company name gives the company its subdomain, which is unique: one per run of the test.
  const company = `Clínica Las Condes ${Date.now() % 100_000}`;
  const password = 'Segura#2026';

  await page.goto('/signup');
  await page.locator('input[name="company"]').fill(company);
  await page.locator('input[name="nameuser"]').fill('Ana Pérez');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="phone"]').fill('+56 9 1234 5678');
  await page.locator('input[name="quantityemple"]').fill('3');
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="passwordConfirm"]').fill('Segura#2027');
  await expect(page.getByText('Las contraseñas deben coincidir')).toBeVisible();
  await page.locator('input[name="passwordConfirm"]').fill(password);
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, email, password);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Ana');
  await expect(page.getByTestId('nav-contacts')).toContainText('Contactos');

  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('nav-contacts')).toContainText('Contacts');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The choice is saved to the user, so it survives a reload.
  await page.reload();
  await expect(page.getByTestId('nav-contacts')).toContainText('Contacts');

  await chooseLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const sidebar = await page.getByTestId('sidebar').boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(sidebar && sidebar.x + sidebar.width / 2).toBeGreaterThan(width / 2);

  await chooseLanguage(page, 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/signin$/);

  // The session is gone: the app sends the visitor back to sign in.
  await page.goto('/app/dashboard/main');
  await expect(page).toHaveURL(/\/signin/);
});

test('a wrong password shows the server message and stays on sign-in', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Correo electrónico').fill('owner@demo.test');
  await page.getByLabel('Contraseña', { exact: true }).fill('Incorrecta#1');
  await page.getByTestId('signin-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: /contraseña/i })).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('the master account lands on its console, whose entries show without scrolling at 1366x768', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'master@conversa.test', 'Master#2026');
  await expect(page).toHaveURL(/\/app\/clients$/);
  const entries = page.getByTestId('sidebar-admin').getByRole('link');
  await expect(entries.first()).toBeVisible();
  expect(await entries.count()).toBeGreaterThanOrEqual(5);
  for (const entry of await entries.all()) {
    const box = await entry.boundingBox();
    expect(
      box && box.y >= 0 && box.y + box.height <= 768,
      `${await entry.textContent()} above the fold`,
    ).toBe(true);
  }
});

/** The part of the DOM linesOf reads (the e2e project compiles without the DOM types). */
type Rect = { top: number; width: number };
type TextNode = {
  ownerDocument: {
    createRange: () => { selectNodeContents: (node: unknown) => void; getClientRects: () => ArrayLike<Rect> };
  };
};

/** The line boxes an element's text takes: one when it does not wrap. */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const range = (node as unknown as TextNode).ownerDocument.createRange();
    range.selectNodeContents(node);
    const tops: number[] = [];
    for (const rect of Array.from(range.getClientRects())) {
      if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 6)) tops.push(rect.top);
    }
    return tops.length;
  });

for (const locale of ['es', 'en'] as const) {
  for (const width of [1366, 390]) {
    test(`the sign-in page's links keep to one line each at ${width} px (${locale})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/signin');
      await page.evaluate(`window.localStorage.setItem('language', '${locale}')`);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId('signup-link')).toBeVisible();
      expect(await linesOf(page.getByTestId('forgot-open'))).toBe(1);
      // The "No account yet? Sign up" line, the link's own paragraph.
      expect(await linesOf(page.getByTestId('signup-link').locator('..'))).toBe(1);
    });
  }
}
