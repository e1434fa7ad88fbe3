import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseLanguage, DEMO_PASSWORD, signIn } from './session';

const OWNER = 'owner@demo.test';

/** A 1×1 PNG: what a person uploads as an image. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('dashboards', () => {
  test('the owner reads the advanced dashboard of the seeded month, in Spanish and in Arabic', async ({
    page,
  }) => {
    await signIn(page, OWNER, DEMO_PASSWORD);
    for (const locale of ['es', 'ar'] as const) {
      if (locale === 'ar') await chooseLanguage(page, 'ar');
      await page.goto('/app/dashboard/advanced?period=last30');
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      // The demo's month: conversations and deals won, in the language's own digits.
      for (const figure of ['conversations_opened', 'messages_in', 'deals_won']) {
        await expect(page.getByTestId(`figure-${figure}`).getByTestId('figure-value')).toHaveText(
          /[1-9\u0661-\u0669]/,
        );
      }
      // Charts drawn, each with its table for screen readers.
      for (const chart of ['activity-chart', 'speed-chart', 'agents-chart']) {
        // Lines and areas are paths, bars rectangles.
        await expect(page.getByTestId(chart).locator('svg').locator('path, rect').first()).toBeAttached();
        await expect(page.getByTestId(`${chart}-table`)).toBeAttached();
      }
      // The heat map: 168 cells, the day's first hour at the reading start of its row.
      const cells = page.getByTestId('heatmap-cell');
      await expect(cells).toHaveCount(168);
      const first = await cells.nth(0).boundingBox();
      const last = await cells.nth(23).boundingBox();
      if (locale === 'ar') expect(first?.x).toBeGreaterThan(last?.x ?? 0);
      else expect(first?.x).toBeLessThan(last?.x ?? 0);
    }
    await chooseLanguage(page, 'es');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});

test.describe('storage and extractions', () => {
  test('the owner uploads an image to storage, sees it counted and previewed, then deletes it', async ({
    page,
  }) => {
    await signIn(page, OWNER, DEMO_PASSWORD);
    await page.goto('/app/storage');
    const usage = page.getByTestId('storage-usage');
    await expect(usage).toBeVisible();
    const before = await usage.textContent();

    await page.getByTestId('storage-upload-input').setInputFiles({
      name: 'radiografia-ana.png',
      mimeType: 'image/png',
      buffer: PIXEL,
    });
    const row = page.getByTestId('storage-row').filter({ hasText: 'radiografia-ana.png' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Subido');
    await expect(row.getByTestId('storage-size')).toContainText(String(PIXEL.length));
    await expect(usage).not.toHaveText(before ?? '');
    await row.getByTestId('storage-thumbnail').click();
    await expect(page.getByTestId('storage-preview-image')).toBeVisible();
    await page.keyboard.press('Escape');

    await row.getByTestId('storage-delete').click();
    await page.getByTestId('storage-delete-confirm').click();
    await expect(row).toHaveCount(0);
    await expect(usage).toHaveText(before ?? '');
  });

  test('the owner extracts the contacts in the background and downloads the file', async ({ page }) => {
    await signIn(page, OWNER, DEMO_PASSWORD);
    await page.goto('/app/contacts');
    await page.getByTestId('open-export').click();
    await page.getByTestId('export-background').click();
    await page.getByRole('button', { name: 'Ver extracciones' }).click();
    await expect(page).toHaveURL(/\/app\/extractions$/);

    const row = page.getByTestId('extraction-row').first();
    // The status shows once per layout (under the name on a phone): the one on screen.
    await expect(row.getByTestId('extraction-status').filter({ visible: true })).toContainText('Lista', {
      timeout: 30_000,
    });
    const downloading = page.waitForEvent('download');
    await row.getByTestId('extraction-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toContain('full_name');
    // The demo company's contacts are all there, one per line.
    expect(csv).toContain('Ana Pérez');
    expect(lines.length).toBeGreaterThanOrEqual(6);
  });
});
