import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';
import { text } from './texts';

const OWNER = 'owner@demo.test';
const LOCALES = ['es', 'ar'] as const;
type Locale = (typeof LOCALES)[number];

let serial = 0;
/** A Chilean mobile number nobody else in the run has (569 and eight digits). */
const newPhone = () => {
  serial += 1;
  return `569${String(Date.now()).slice(-7)}${serial % 10}`;
};

/** Signs in as the demo owner and opens the contacts in `locale`. */
const openContacts = async (page: Page, locale: Locale) => {
  await signIn(page, OWNER, DEMO_PASSWORD);
  await page.evaluate(`window.localStorage.setItem('language', '${locale}')`);
  await page.goto('/app/contacts');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByTestId('page-title')).toHaveText(text(locale, 'nav.contacts'));
  await expect(page.getByTestId('records-count')).toBeVisible();
};

const rowOf = (page: Page, name: string) => page.getByTestId('record-row').filter({ hasText: name });

/** Filters the table by name with the filter builder (condition "contains"). */
const filterByName = async (page: Page, locale: Locale, name: string) => {
  await page.getByTestId('open-filters').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: text(locale, 'records.filters.field') })).toContainText(
    text(locale, 'records.field.fullName'),
  );
  await dialog.getByRole('textbox', { name: text(locale, 'records.filters.value') }).fill(name);
  await dialog.getByTestId('apply-filters').click();
  await expect(page.getByTestId('filter-chips')).toContainText(name);
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  await expect(rowOf(page, name)).toBeVisible();
};

for (const locale of LOCALES) {
  test(`contacts: create, filter, edit a cell, export and import with a bad row (${locale})`, async ({
    page,
  }) => {
    await openContacts(page, locale);
    if (locale === 'ar') {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // Right to left: the selection column sits at the right of the name column.
      const header = page.getByRole('columnheader');
      const selection = await header.first().boundingBox();
      const name = await header.filter({ hasText: text(locale, 'records.field.fullName') }).boundingBox();
      expect(selection && name && selection.x > name.x).toBe(true);
    }

    // Create
    const name = `E2E ${locale} ${Date.now() % 100_000}`;
    await page.getByTestId('new-contact').click();
    const form = page.getByRole('dialog');
    await form.getByLabel(text(locale, 'contacts.new.name')).fill(name);
    await form.getByLabel(text(locale, 'records.field.phone')).fill(`+${newPhone()}`);
    await form.getByTestId('new-contact-submit').click();
    await expect(page.getByTestId('snackbar')).toHaveText(text(locale, 'contacts.created'));
    await expect(form).toBeHidden();

    // Filter
    await filterByName(page, locale, name);

    // Edit a cell inline; it stays after a reload (the filter is remembered, the server has the value).
    const email = `e2e.${Date.now()}@clinica.cl`;
    const row = rowOf(page, name);
    await row.hover();
    await row
      .getByRole('button', {
        name: text(locale, 'records.edit.edit', { field: text(locale, 'records.field.email') }),
      })
      .click();
    const input = row.getByRole('textbox', { name: text(locale, 'records.field.email') });
    await input.fill('sin-arroba');
    await expect(row.getByRole('button', { name: text(locale, 'records.edit.save') })).toBeDisabled();
    await input.fill(email);
    await row.getByRole('button', { name: text(locale, 'records.edit.save') }).click();
    await expect(row).toContainText(email);
    await page.reload();
    await expect(rowOf(page, name)).toContainText(email);

    // Export the filtered list
    await page.getByTestId('open-export').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-submit').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const exported = readFileSync((await download.path()) ?? '', 'utf8');
    expect(exported).toContain(name);
    expect(exported).toContain(email);
    expect(exported.trim().split('\n')).toHaveLength(2);

    // Import a file with one good row and one bad one
    const imported = `E2E Import ${locale} ${Date.now() % 100_000}`;
    await page.getByTestId('open-import').click();
    const importDialog = page.getByRole('dialog');
    await importDialog.getByTestId('import-file').setInputFiles({
      name: 'contactos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`nombre,telefono,correo\n${imported},${newPhone()},\nSin Teléfono,123,\n`),
    });
    await importDialog.getByTestId('import-submit').click();
    await expect(importDialog.getByTestId('import-report')).toBeVisible({ timeout: 30_000 });
    await expect(importDialog.getByTestId('import-created')).toHaveText('1');
    await expect(importDialog.getByTestId('import-failed')).toHaveText('1');
    const errorRow = importDialog.getByTestId('import-error-row').first();
    await expect(errorRow).toContainText('3');
    await expect(errorRow).toContainText(text(locale, 'records.field.phone'));
    await importDialog.getByTestId('import-close').click();

    // The imported contact is in the list.
    await page
      .getByTestId('filter-chips')
      .getByRole('button', { name: text(locale, 'records.filters.clear') })
      .click();
    await page.getByTestId('records-search').fill(imported);
    await expect(rowOf(page, imported)).toBeVisible();
  });
}
