import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, VIEWER_EMAIL } from './session';

test('a user without contact.view opening contacts lands on the restricted page', async ({ page }) => {
  await signIn(page, VIEWER_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('nav-chat')).toBeVisible();
  await expect(page.getByTestId('nav-contacts')).toHaveCount(0);

  await page.goto('/app/contacts');
  await expect(page).toHaveURL(/\/app\/401$/);
  await expect(page.getByTestId('page-title')).toHaveText('Acceso restringido.');
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Página no encontrada', { exact: false })).toBeVisible();
});
