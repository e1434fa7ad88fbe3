import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';
import { text } from './texts';

// Wide enough for the demo company's stages and this test's two: a keyboard move back to a column while the
// board is scrolled sideways in Arabic is a known defect, written in the closing note of issue #12.
test.use({ viewport: { width: 2400, height: 900 } });

const OWNER = 'owner@demo.test';
const LOCALES = ['es', 'ar'] as const;
type Locale = (typeof LOCALES)[number];

type Api = { request: APIRequestContext; token: string };

const ownerApi = async (request: APIRequestContext): Promise<Api> => {
  const login = await request.post('/api/v1/es/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
  return { request, token: (await login.json()).data[0].access_token };
};

const call = async <T>(
  { request, token }: Api,
  method: 'post' | 'get' | 'put',
  path: string,
  data?: unknown,
) => {
  const response = await request[method](`/api/v1/es/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()).data[0] as T;
};

/** Two new contact stages side by side at the end of the board, and a new contact without a stage. */
const prepare = async (api: Api, locale: Locale) => {
  const stamp = `${locale}-${Date.now() % 100_000}`;
  const stage = (name: string, color: string) =>
    call<{ id: string }>(api, 'post', 'listdinamic/create', {
      module: 'contact',
      field: 'status_id',
      name,
      color,
    });
  const firstName = `Calificado ${stamp}`;
  const first = await stage(firstName, '#1e88e5');
  const second = await stage(`Ganado ${stamp}`, '#43a047');
  const name = `Kanban Prueba ${stamp}`;
  const contact = await call<{ id: string }>(api, 'post', 'contact/create', {
    name,
    phone: `5699${String(Date.now()).slice(-7)}`,
  });
  return { first: first.id, firstName, second: second.id, name, contactId: contact.id };
};

const column = (page: Page, id: string): Locator =>
  page.locator(`[data-testid="kanban-column"][data-column-id="${id}"]`);

const cardIn = (page: Page, columnId: string, name: string): Locator =>
  column(page, columnId).getByTestId('kanban-card').filter({ hasText: name });

const openBoard = async (page: Page) => {
  await page.goto('/app/contacts');
  await page.getByTestId('layout-kanban').click();
  await expect(page.getByTestId('kanban-board')).toBeVisible();
};

/** How many columns lie between two columns on the screen, and which arrow key walks from one to the other. */
const stepsBetween = async (page: Page, from: string, to: string) => {
  const left = async (id: string) => (await column(page, id).boundingBox())?.x ?? 0;
  const [fromX, toX] = [await left(from), await left(to)];
  const lefts = await page
    .getByTestId('kanban-column')
    .evaluateAll((nodes) =>
      nodes.map(
        (node) =>
          (node as unknown as { getBoundingClientRect: () => { x: number } }).getBoundingClientRect().x,
      ),
    );
  const between = lefts.filter((x) => x > Math.min(fromX, toX) && x <= Math.max(fromX, toX)).length;
  return { key: toX > fromX ? 'ArrowRight' : 'ArrowLeft', times: between };
};

for (const locale of LOCALES) {
  test(`a contact moves on the kanban by keyboard and by mouse, and its detail takes a note (${locale})`, async ({
    page,
    request,
  }) => {
    // One person's whole journey, with two reloads and a sign-in, on a machine the build shares.
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    const api = await ownerApi(request);
    const { first, firstName, second, name, contactId } = await prepare(api, locale);
    try {
      await signIn(page, OWNER, DEMO_PASSWORD);
      await page.evaluate(`window.localStorage.setItem('language', '${locale}')`);
      await openBoard(page);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(column(page, '')).toContainText(text(locale, 'kanban.contact.noStage'));

      // Arabic reads the board from the right: the "no stage" column comes first, on the right.
      const noStageX = (await column(page, '').boundingBox())?.x ?? 0;
      const firstX = (await column(page, first).boundingBox())?.x ?? 0;
      expect(locale === 'ar' ? noStageX > firstX : noStageX < firstX).toBe(true);

      // Keyboard: Space picks the card up, the arrows carry it column by column, Space drops it.
      const card = cardIn(page, '', name);
      await card.focus();
      await page.keyboard.press('Space');
      const { key, times } = await stepsBetween(page, '', first);
      for (let step = 0; step < times; step += 1) await page.keyboard.press(key);
      // Each step is announced to screen readers in the person's language.
      const announce = (textKey: string) => text(locale, textKey, { card: name, column: firstName });
      const liveRegion = page.locator('[id^="DndLiveRegion"]');
      await expect(liveRegion).toHaveText(announce('kanban.announce.over'));
      await page.keyboard.press('Space');
      await expect(liveRegion).toHaveText(announce('kanban.announce.dropped'));
      await expect(cardIn(page, first, name)).toBeVisible();
      await expect(cardIn(page, '', name)).toHaveCount(0);
      await page.reload();
      await expect(cardIn(page, first, name)).toBeVisible();

      // Escape puts a lifted card back where it was.
      await cardIn(page, first, name).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await page.keyboard.press('Escape');
      await expect(cardIn(page, first, name)).toBeVisible();
      // The carried card flies back before the board takes another drag.
      await expect(page.getByTestId('kanban-card-lifted')).toHaveCount(0);

      // Mouse: drag the card onto the next column.
      await column(page, second).scrollIntoViewIfNeeded();
      const from = await cardIn(page, first, name).boundingBox();
      const to = await column(page, second).boundingBox();
      if (!from || !to) throw new Error('the card or the column is not on the screen');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
      await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
      await page.mouse.up();
      await expect(cardIn(page, second, name)).toBeVisible();
      await page.reload();
      await expect(cardIn(page, second, name)).toBeVisible();

      // The server refuses a move: the card goes back to its column and the snackbar says why.
      await page.route(
        '**/contact/updateone/**',
        (route) =>
          route.fulfill({
            status: 406,
            contentType: 'application/json',
            body: JSON.stringify({ status_codes: 406, data: [], info: 'Etapa cerrada por el supervisor' }),
          }),
        { times: 1 },
      );
      // By mouse: the keyboard path is the first move's; this step is about the refusal.
      await column(page, first).scrollIntoViewIfNeeded();
      const back = await cardIn(page, second, name).boundingBox();
      const target = await column(page, first).boundingBox();
      if (!back || !target) throw new Error('the card or the column is not on the screen');
      await page.mouse.move(back.x + back.width / 2, back.y + back.height / 2);
      await page.mouse.down();
      await page.mouse.move(back.x + back.width / 2 + 12, back.y + back.height / 2, { steps: 4 });
      await page.mouse.move(target.x + target.width / 2, target.y + 120, { steps: 12 });
      await page.mouse.up();
      await expect(page.getByText(/Etapa cerrada por el supervisor/)).toBeVisible();
      await expect(cardIn(page, second, name)).toBeVisible();
      await expect(cardIn(page, first, name)).toHaveCount(0);

      // A colleague moves the card: the board follows without a reload.
      await call(api, 'put', `contact/updateone/${contactId}`, { stage: first });
      await expect(cardIn(page, first, name)).toBeVisible();
      await expect(cardIn(page, second, name)).toHaveCount(0);

      // The detail opens from the card; a note added there is listed and stays.
      await cardIn(page, first, name).click();
      await expect(page).toHaveURL(new RegExp(`/app/contacts/detail/${contactId}$`));
      await expect(page.getByTestId('page-title')).toHaveText(name);
      await page.getByTestId('detail-tab-notes').click();
      const note = `Llamar el lunes ${Date.now() % 10_000}`;
      await page.getByRole('textbox', { name: text(locale, 'records.notes.placeholder') }).fill(note);
      await page.getByRole('button', { name: text(locale, 'records.notes.add') }).click();
      await expect(page.getByTestId('notes-panel')).toContainText(note);
      await page.reload();
      await expect(page.getByTestId('notes-panel')).toContainText(note);
    } finally {
      await call(api, 'get', `listdinamic/deleteone/${first}`);
      await call(api, 'get', `listdinamic/deleteone/${second}`);
    }
  });
}
