import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

const MASTER = { email: 'master@conversa.test', password: 'Master#2026' };
const OWNER = 'owner@demo.test';

/** A moment as the browser's `datetime-local` inputs take it, in the browser's time zone. */
const localInput = (page: Page, offsetMinutes: number) =>
  page.evaluate((minutes) => {
    const at = new Date(Date.now() + minutes * 60_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, offsetMinutes);

test('the master publishes a pop-up due now; the demo owner sees it once and finds the news in the popover', async ({
  page,
  browser,
}) => {
  // Two people, two sign-ins and a reload on a shared 2-core machine.
  test.slow();
  const title = `Embudos renovados ${Date.now() % 100_000}`;

  await signIn(page, MASTER.email, MASTER.password);
  await page.goto('/app/newsletters');
  await page.getByTestId('newsletter-new').click();
  await page.getByTestId('newsletter-title').fill(title);
  await page.getByTestId('newsletter-status-select').selectOption('completed');
  await page.getByTestId('newsletter-show_login_date').fill(await localInput(page, -1));
  await page.getByTestId('newsletter-description').fill('Etapas con colores y totales por etapa.');
  await page.getByTestId('newsletter-issues').fill('#301 colores de etapa');
  await page.getByTestId('newsletter-has-popup').check();
  await page.getByTestId('popup-item-0-title').fill('Colores por etapa');
  await page.getByTestId('popup-item-0-preview_url').fill(new URL('/favicon.svg', page.url()).href);
  await page.getByTestId('popup-item-0-redirect_url').fill('https://conversa.example/embudos');
  await page.getByTestId('popup-item-add').click();
  await page.getByTestId('popup-item-1-title').fill('Totales por etapa');
  await page.getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('newsletter-row').filter({ hasText: title })).toBeVisible();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, OWNER, DEMO_PASSWORD);

  const popup = owner.getByTestId('popup-dialog');
  await expect(popup.getByTestId('popup-title')).toHaveText(title);
  await expect(owner.getByTestId('popup-previous')).toBeDisabled();
  const more = popup.getByRole('link', { name: 'Ver más' });
  await expect(more).toHaveAttribute('href', 'https://conversa.example/embudos');
  await expect(more).toHaveAttribute('target', '_blank');
  await expect(popup.getByTestId('popup-dots').getByRole('button')).toHaveCount(2);
  await owner.getByTestId('popup-next').click();
  await expect(owner.getByTestId('popup-next')).toBeDisabled();
  const seen = owner.waitForResponse((response) => response.url().includes('/newsletters/seen/'));
  await popup.getByTestId('popup-close').click();
  expect((await seen).status()).toBe(200);
  await expect(popup).toBeHidden();

  // Seen once: a reload shows the dashboard without it.
  await owner.reload();
  await expect(owner.getByTestId('header')).toBeVisible();
  await expect(owner.getByTestId('release-news-button')).toBeVisible();
  await expect(owner.getByTestId('popup-dialog')).toHaveCount(0);

  await owner.getByTestId('release-news-button').click();
  const list = owner.getByTestId('release-news-popover');
  await list.getByTestId('release-news-search').fill(title);
  const item = list.getByTestId('release-news-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('newsletter-status')).toHaveText('Completado');
  await item.click();
  const detail = owner.getByTestId('newsletter-detail');
  await expect(detail).toContainText('Etapas con colores y totales por etapa.');
  await expect(detail.getByTestId('newsletter-issues')).toContainText('#301 colores de etapa');
  await ownerContext.close();
});
