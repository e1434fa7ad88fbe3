import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

// Wide enough (xl) for the conversation's side panel to stand open beside the chat.
const VIEWPORT = { width: 1700, height: 950 };
test.use({ viewport: VIEWPORT });

const OWNER = 'owner@demo.test';
const CUSTOMER = 'Felipe Castro';

/** The same person on a second browser, on a page where the task bell shows. */
const secondBrowser = async (browser: Browser): Promise<Page> => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await signIn(page, OWNER, DEMO_PASSWORD);
  await page.goto('/app/deals');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  return page;
};

/** A moment as the browser's `datetime-local` inputs take it, in the browser's time zone. */
const localInput = (page: Page, offsetMinutes: number) =>
  page.evaluate((minutes) => {
    const at = new Date(Date.now() + minutes * 60_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, offsetMinutes);

/** The first quarter hour at least `minutes` from now, in the browser's time, as `YYYY-MM-DDTHH:mm`. */
const quarterAfter = (page: Page, minutes: number) =>
  page.evaluate((ahead) => {
    const quarter = 15 * 60_000;
    const at = new Date(Math.ceil((Date.now() + ahead * 60_000) / quarter) * quarter);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, minutes);

test('a task made from a conversation with a reminder raises the bell in a second browser, is completed from its card, and sits on the calendar', async ({
  page,
  browser,
}) => {
  // One journey across four screens and two browsers, each a first load of its code on a shared 2-core machine.
  test.slow();
  const title = `Llamar E2E ${Date.now() % 100_000}`;
  const other = await secondBrowser(browser);
  const bellCount = other.getByTestId('task-bell-count');
  await expect(bellCount).toHaveText(/^\d+$/);
  const before = Number(await bellCount.textContent());

  // From the conversation: the contact's tasks beside the chat, New task already attached to the contact.
  await signIn(page, OWNER, DEMO_PASSWORD);
  await page.goto('/app/chat');
  // Found by name: after the other specs the list holds more conversations than the screen shows.
  await page.getByRole('textbox', { name: 'Buscar por nombre' }).fill(CUSTOMER);
  await page.getByTestId('conversation-row').filter({ hasText: CUSTOMER }).click();
  await expect(page.getByTestId('panel-name')).toHaveText(CUSTOMER);
  await page.getByTestId('record-tasks-new').click();

  const dialog = page.getByTestId('task-dialog');
  await expect(dialog.getByRole('heading', { name: 'Nueva tarea' })).toBeVisible();
  // Opened from the conversation, the task is already attached to its contact and its creator takes part.
  await expect(dialog.getByTestId('task-related')).not.toHaveValue('');
  await dialog.getByTestId('task-title').fill(title);
  // Two hours ahead: it expires today, or within the window just after midnight; either way a card.
  await dialog.getByTestId('task-due-date').fill(await localInput(page, 120));
  await dialog.getByTestId('task-participants').click();
  await page.getByRole('option').first().click();
  await dialog.getByTestId('task-reminder-enable').check();
  await expect(dialog.getByTestId('task-reminder-time')).toHaveValue('08:00');
  // The reminder goes before the task is due: the first quarter hour at least 15 minutes from now.
  const reminder = await quarterAfter(page, 15);
  await dialog.getByTestId('task-reminder-date').fill(reminder.slice(0, 10));
  await dialog.getByTestId('task-reminder-time').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: reminder.slice(11), exact: true }).click();
  await expect(dialog.getByTestId('task-submit')).toBeEnabled();
  await dialog.getByTestId('task-submit').click();

  // Created, the dialog shows the task, and the chat's panel lists it.
  await expect(dialog.getByTestId('task-view-title')).toHaveText(title);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByTestId('record-task').filter({ hasText: title })).toBeVisible();

  // The second browser's bell counts it without a reload, and lists it.
  await expect(bellCount).toHaveText(String(before + 1));
  await other.getByTestId('task-bell').click();
  const popover = other.getByTestId('task-bell-popover');
  await expect(popover.getByTestId('task-bell-title')).toContainText('Tareas incompletas');
  await expect(popover.getByTestId('task-bell-item').filter({ hasText: title })).toBeVisible();
  await other.keyboard.press('Escape');

  // Off the chat, the expiring tasks stand as cards; at most three at once, so the demo's earlier ones are
  // ignored until this task's shows. Its card completes it, and both bells count one less.
  await page.goto('/app/contacts');
  const card = page.getByTestId('task-card').filter({ hasText: title });
  const others = page.getByTestId('task-card').filter({ hasNotText: title });
  // The bell and its cards load after the page (a chunk of their own), then read the list.
  await expect(page.getByTestId('task-card').first()).toBeVisible({ timeout: 30_000 });
  for (let ignored = 0; (await card.count()) === 0 && ignored < 10; ignored += 1) {
    const shown = await others.count();
    await others.first().getByTestId('task-card-ignore').click();
    await expect(others).not.toHaveCount(shown);
  }
  await expect(card).toBeVisible();
  await card.getByTestId('task-card-complete').click();
  await expect(card).toHaveCount(0);
  await expect(bellCount).toHaveText(String(before));
  await page.getByTestId('task-bell').click();
  const ownPopover = page.getByTestId('task-bell-popover');
  await expect(ownPopover.getByTestId('task-bell-title')).toBeVisible();
  await expect(ownPopover.getByTestId('task-bell-item').filter({ hasText: title })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The calendar shows it on its day; a click opens it.
  await page.goto('/app/tasks');
  await page.getByTestId('layout-calendar').click();
  const chip = page.getByTestId('calendar-task').filter({ hasText: title });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page.getByTestId('task-view-title')).toHaveText(title);
  await expect(page).toHaveURL(/\/app\/tasks\?task=[\w-]+$/);
  await other.context().close();
});
