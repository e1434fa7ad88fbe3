import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

/*
 * The floating chat button, the due-tasks bell and the due-task cards stand over every page: none of them
 * may cover a page's own controls (Settings → Save, a device's webhook copy, a table's pages) on a laptop
 * or a phone, once the cards have folded into the bell.
 */

const OWNER = 'owner@demo.test';
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
/** Pages the sidebar does not list, or lists under another entry. */
const MORE_SCREENS = ['/app/profile', '/app/settings?tab=integrations'];

const ownerToken = async (request: APIRequestContext) => {
  const login = await request.post('/api/v1/es/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
  return (await login.json()).data[0] as { access_token: string; userid: string };
};

/** Three of the owner's tasks due in two hours: expiring, so they stand as cards. */
const expiringTasks = async (request: APIRequestContext) => {
  const { access_token, userid } = await ownerToken(request);
  const headers = { authorization: `Bearer ${access_token}` };
  const contacts = await request.post('/api/v1/es/contact/search', { headers, data: {} });
  const contactId: string = (await contacts.json()).data[0].id;
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const created = await request.post('/api/v1/es/task/create', {
      headers,
      data: {
        title: `Cubrir botones ${n} ${Date.now() % 100_000}`,
        due_date: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        owner: [userid],
        module: 'contact',
        contact_id: contactId,
      },
    });
    expect(created.status()).toBe(200);
    ids.push((await created.json()).data[0].id);
  }
  return {
    remove: async () => {
      for (const id of ids) await request.delete(`/api/v1/es/task/deleteone/${id}`, { headers });
    },
  };
};

/**
 * The visible controls of the page that a floating element covers, scrolled to the page's end: read in
 * the page at once, since a table holds hundreds of them.
 */
const coveredControls = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const boxOf = (element: Element) => element.getBoundingClientRect();
    const floating = [
      ...document.querySelectorAll(
        '[data-testid="task-bell"], [data-testid="floating-chat"], [data-testid="task-card"]',
      ),
    ].map(boxOf);
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const controls = document.querySelectorAll(
      'main button, main a[href], main input, main [role="button"], main [role="tab"]',
    );
    return [...controls]
      .filter((control) => control.checkVisibility({ visibilityProperty: true }))
      .filter((control) => {
        const box = boxOf(control);
        return box.width > 0 && box.height > 0 && floating.some((one) => overlaps(box, one));
      })
      .map((control) => control.getAttribute('aria-label') ?? (control.textContent ?? '').slice(0, 40));
  });

test('the floating buttons and the folded task cards cover no control of any page, on a laptop and a phone', async ({
  browser,
  request,
}) => {
  // Every screen of the company at two sizes, each a first load of its code on a shared 2-core machine.
  test.setTimeout(240_000);
  const tasks = await expiringTasks(request);
  try {
    let screens: string[] = [];
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, OWNER, DEMO_PASSWORD);
      if (screens.length === 0) {
        const links = page
          .getByRole('navigation', { name: 'Navegación principal' })
          .locator('a[href^="/app/"]');
        await expect(links.first()).toBeVisible();
        const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href') ?? ''));
        // The chat pages are the inbox itself, with no floating buttons.
        screens = [...hrefs.filter((href) => !href.startsWith('/app/chat')), ...MORE_SCREENS];
      }

      // The cards stand, and fold into the bell with their button; the bell still counts them.
      await expect(page.getByTestId('task-card').first()).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('task-cards-fold').click();
      await expect(page.getByTestId('task-card')).toHaveCount(0);
      await expect(page.getByTestId('task-bell-count')).not.toHaveText('0');
      // Folded for this session: a reload does not raise them again.
      await page.reload();
      await expect(page.getByTestId('task-bell')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('task-bell-count')).not.toHaveText('0');
      await expect(page.getByTestId('task-card')).toHaveCount(0);

      for (const screen of screens) {
        // Within the app, as its links go: the shell and the texts load once.
        await page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, screen);
        await expect(page).toHaveURL(screen);
        await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 30_000 });
        // The page's data and its lazy parts in place, as a person would see them.
        await expect(
          page.locator('main .MuiSkeleton-root, main [role="progressbar"]:not([aria-valuenow])'),
        ).toHaveCount(0, {
          timeout: 30_000,
        });
        await page.waitForTimeout(300);
        await expect(page.getByTestId('task-bell')).toBeVisible();
        await expect(page.getByTestId('task-card')).toHaveCount(0);
        expect(await coveredControls(page), `${screen} at ${viewport.width} px`).toEqual([]);
      }
      await context.close();
    }
  } finally {
    await tasks.remove();
  }
});
