import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

const OWNER = 'owner@demo.test';

/** What the screens say in each language tested (the bundles' own words). */
const WORDS = {
  es: { leads: 'Leads', converted: 'Convertido en contacto' },
  ar: { leads: 'العملاء المحتملون', converted: 'تم تحويله إلى جهة اتصال' },
} as const;

for (const locale of ['es', 'ar'] as const) {
  test(`a lead made from the leads page is converted and leads to its contact (${locale})`, async ({
    page,
  }) => {
    const words = WORDS[locale];
    const stamp = Date.now();
    const lastName = `E2E ${locale} ${stamp % 100_000}`;
    const fullName = `Marta ${lastName}`;
    const phone = `5699${String(stamp).slice(-7)}`;
    await signIn(page, OWNER, DEMO_PASSWORD);
    await page.evaluate(`window.localStorage.setItem('language', '${locale}')`);

    await page.goto('/app/leads');
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('page-title')).toHaveText(words.leads);
    await page.getByTestId('new-lead').click();
    await page.getByTestId('new-lead-first_name').fill('Marta');
    await page.getByTestId('new-lead-last_name').fill(lastName);
    await page.getByTestId('new-lead-phone').fill(`+${phone}`);
    await page.getByTestId('new-lead-source').fill('Instagram');
    await page.getByTestId('new-lead-submit').click();

    // The new lead's page opens.
    await expect(page).toHaveURL(/\/app\/leads\/detail\/[\w-]+$/);
    await expect(page.getByTestId('page-title')).toHaveText(fullName);
    await expect(page.getByTestId('lead-contact-link')).toHaveCount(0);

    await page.getByTestId('lead-convert').click();
    await page.getByTestId('lead-convert-confirm').click();
    await expect(page.getByTestId('lead-converted')).toHaveText(words.converted);
    await expect(page.getByTestId('lead-convert')).toHaveCount(0);

    await page.getByTestId('lead-contact-link').click();
    await expect(page).toHaveURL(/\/app\/contacts\/detail\/[\w-]+$/);
    await expect(page.getByTestId('page-title')).toHaveText(fullName);
  });
}
