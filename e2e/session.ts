import { expect, type Page } from '@playwright/test';

/** Seeded demo logins (printed by the first start and listed in README). */
export const DEMO_PASSWORD = 'Demo#2026';
export const VIEWER_EMAIL = 'viewer@demo.test';

/** Signs in through the Spanish sign-in form and waits for the dashboard. */
export const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/signin');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByTestId('signin-submit').click();
  // The master lands on its console, everyone else on the dashboard.
  await expect(page).toHaveURL(/\/app\/(dashboard\/main|clients)$/);
};

export const chooseLanguage = async (page: Page, locale: string) => {
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-option-${locale}`).click();
};
