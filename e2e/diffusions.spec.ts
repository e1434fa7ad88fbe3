import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

const OWNER = 'owner@demo.test';

/** Fills the new-diffusion dialog: the sandbox device, a text with a placeholder, a window open all week. */
const buildDiffusion = async (
  page: Page,
  name: string,
  pacing: { min_interval: number; max_interval: number },
  tag?: string,
) => {
  await page.goto('/app/diffusions');
  await page.getByTestId('new-diffusion').click();
  const dialog = page.getByTestId('diffusion-dialog');
  await dialog.getByTestId('diffusion-name').fill(name);
  await dialog.getByTestId('diffusion-device').click();
  await page.getByRole('option', { name: 'Sandbox', exact: true }).click();
  if (tag) {
    await dialog.getByTestId('diffusion-lists').click();
    await page.getByRole('option', { name: tag, exact: true }).click();
  }
  await dialog.getByTestId('diffusion-body').fill('Hola ');
  await dialog.getByTestId('diffusion-insert-firstname').click();
  await expect(dialog.getByTestId('diffusion-body')).toHaveValue('Hola $firstname');
  await dialog.getByTestId('diffusion-window-from').fill('00:00');
  await dialog.getByTestId('diffusion-window-to').fill('23:59');
  await dialog.getByTestId('diffusion-day-6').click();
  await dialog.getByTestId('diffusion-day-7').click();
  await dialog.getByTestId('diffusion-pacing-min_interval').fill(String(pacing.min_interval));
  await dialog.getByTestId('diffusion-pacing-max_interval').fill(String(pacing.max_interval));
  await dialog.getByTestId('diffusion-dialog-submit').click();
  // A new diffusion opens its own page as a draft.
  await expect(page).toHaveURL(/\/app\/diffusions\/[\w-]+$/);
  await expect(page.getByTestId('page-title')).toHaveText(name);
  await expect(page.getByTestId('diffusion-status')).toHaveAttribute('data-status', 'draft');
};

test('a diffusion to a smart list sends to the end live, and a slower one pauses and resumes', async ({
  page,
}) => {
  // Two real paced sends, one of them paused and resumed between messages 5 to 8 seconds apart.
  test.setTimeout(240_000);
  const stamp = Date.now() % 100_000;
  await signIn(page, OWNER, DEMO_PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

  await buildDiffusion(page, `VIP ${stamp}`, { min_interval: 0, max_interval: 1 }, 'vip');
  await page.getByTestId('diffusion-start').click();
  // The progress arrives by the realtime notifications, without reloading the page.
  // The sender's job shares the queue's worker with the other specs' jobs on a 2-core machine.
  await expect(page.getByTestId('diffusion-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 90_000,
  });
  await expect(page.getByTestId('diffusion-progress')).toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('diffusion-total-recipients')).toHaveText('1');
  await expect(page.getByTestId('diffusion-total-sent')).toHaveText('1');
  await expect(page.getByTestId('recipient-row')).toHaveCount(1);
  await expect(page.getByTestId('recipient-row')).toHaveAttribute('data-state', /sent|delivered|read/);

  // Every demo contact, one message every 5 to 8 seconds: slow enough to pause in the middle.
  await buildDiffusion(page, `Todos ${stamp}`, { min_interval: 5, max_interval: 8 });
  await page.getByTestId('diffusion-start').click();
  await expect(page.getByTestId('diffusion-status')).toHaveAttribute('data-status', 'running');
  const sent = page.getByTestId('diffusion-total-sent');
  await expect(sent).not.toHaveText('0', { timeout: 20_000 });
  await page.getByTestId('diffusion-pause').click();
  await expect(page.getByTestId('diffusion-status')).toHaveAttribute('data-status', 'paused');
  await expect(page.getByTestId('diffusion-pause-reason')).toHaveText('Pausada por una persona');
  await expect(page.getByTestId('diffusion-total-pending')).not.toHaveText('0');
  const sentWhenPaused = Number(await sent.textContent());
  await page.getByTestId('diffusion-resume').click();
  await expect(page.getByTestId('diffusion-status')).toHaveAttribute('data-status', 'running');
  // Resumed, it goes on where it stopped.
  await expect(async () => expect(Number(await sent.textContent())).toBeGreaterThan(sentWhenPaused)).toPass({
    timeout: 40_000,
  });

  // Cancelled after a confirmation, so it sends nothing more while the other tests run.
  await page.getByTestId('diffusion-cancel').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('diffusion-status')).toHaveAttribute('data-status', 'cancelled');
  // The list shows both, each in its state.
  await page.goto('/app/diffusions');
  const rows = page.getByTestId('diffusion-row');
  await expect(rows.filter({ hasText: `VIP ${stamp}` }).getByTestId('diffusion-status')).toHaveAttribute(
    'data-status',
    'completed',
  );
  await expect(rows.filter({ hasText: `Todos ${stamp}` }).getByTestId('diffusion-status')).toHaveAttribute(
    'data-status',
    'cancelled',
  );
});
