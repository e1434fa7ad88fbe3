import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, VIEWER_EMAIL } from './session';

const NOT_FOUND = 'Lo sentimos, ocurrió un error. ¡Página no encontrada!';

test('an unknown record inside the app shows the not-found page inside the app shell', async ({ page }) => {
  await signIn(page, 'owner@demo.test', DEMO_PASSWORD);
  for (const address of [
    '/app/devices/detail/999',
    '/app/devices/detail/00000000-0000-4000-8000-000000000000',
  ]) {
    await page.goto(address);
    await expect(page.getByTestId('page-title')).toHaveText(NOT_FOUND);
    await expect(page).toHaveURL(/\/app\/404$/);
    // Still in the app: its navigation is there.
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  }
  // Back does not ask for the missing record again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/app\/devices\/detail\//);
});

test("the dashboard's device card shows no number to a user without device.view", async ({ page }) => {
  await signIn(page, VIEWER_EMAIL, DEMO_PASSWORD);
  const card = page.getByTestId('card-devices');
  await expect(card).toContainText('No incluido en tu acceso');
  await expect(card).not.toContainText(/\d/);
  await expect(page.getByTestId('card-conversations')).toContainText(/\d/);
});
