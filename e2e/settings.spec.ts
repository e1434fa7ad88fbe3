import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

const OWNER = 'owner@demo.test';

/** What the screens say in each language tested (the bundles' own words). */
const WORDS = {
  es: {
    title: 'Configuración',
    listTitle: 'Leads · Etiquetas',
    create: 'Creación',
    module: 'Listas inteligentes',
  },
  ar: {
    title: 'الإعدادات',
    listTitle: 'العملاء المحتملون · الوسوم',
    create: 'إنشاء',
    module: 'القوائم الذكية',
  },
} as const;

for (const locale of ['es', 'ar'] as const) {
  test(`a smart-list tag made in settings is listed and its creation shows in the audit log (${locale})`, async ({
    page,
  }) => {
    const words = WORDS[locale];
    const name = `E2E ${locale} ${Date.now() % 100_000}`;
    await signIn(page, OWNER, DEMO_PASSWORD);
    await page.evaluate(`window.localStorage.setItem('language', '${locale}')`);

    await page.goto('/app/settings?tab=lists&list=lead.tags');
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('page-title')).toHaveText(words.title);
    await expect(page.getByTestId('list-title')).toHaveText(words.listTitle);

    await page.getByTestId('list-item-new').click();
    await page.getByTestId('list-item-name').fill(name);
    await page.getByRole('radio', { name: '#2196f3' }).click();
    await expect(page.getByTestId('list-item-preview')).toHaveText(name);
    await page.getByTestId('list-item-submit').click();

    const row = page.getByTestId('list-item-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('#2196f3');

    // The audit tab is its own address, and its newest row is that creation.
    await page.getByTestId('settings-tab-audit').click();
    await expect(page).toHaveURL(/\/app\/settings\?tab=audit$/);
    await page.getByTestId('audit-filter-module').selectOption('listdinamic');
    const created = page
      .getByTestId('audit-row')
      .filter({ has: page.getByTestId('audit-action').getByText(words.create, { exact: true }) })
      .first();
    await expect(created.getByTestId('audit-module')).toHaveText(words.module);
    await created.getByTestId('audit-expand').click();
    await expect(page.getByTestId('audit-change').filter({ hasText: name })).toBeVisible();
  });
}
