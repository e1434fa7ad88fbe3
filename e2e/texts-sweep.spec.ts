import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chooseLanguage, DEMO_PASSWORD, signIn } from './session';

/*
 * Every screen of a company and of the console, in the six languages: no text on them may look like a
 * translation key the bundles lack (`settings.views.module.deal`) or an interpolation left unfilled.
 */

const LOCALES = ['es', 'en', 'fr', 'it', 'zh', 'ar'];
const OWNER = { email: 'owner@demo.test', password: DEMO_PASSWORD };
const MASTER = { email: 'master@conversa.test', password: 'Master#2026' };
/** Screens the sidebar does not list, or lists under another entry. */
const MORE_SCREENS = {
  owner: [
    '/app/dashboard/advanced',
    '/app/dashboard/confirmations',
    '/app/deals/list',
    '/app/profile',
    '/app/imports',
    '/app/billing/plans',
    '/app/billing/features',
    '/app/billing/invoices',
    ...['users', 'lists', 'pipelines', 'integrations', 'views', 'audit'].map(
      (tab) => `/app/settings?tab=${tab}`,
    ),
  ],
  master: ['/app/profile'],
};

/**
 * Texts that look like keys: three or more dotted names (`tasks.cards.fold`), not part of an address or an
 * e-mail; or a `{{name}}` the translation left unfilled.
 */
const keysIn = (text: string): string[] => [
  ...[...text.matchAll(/(?<![\w@/.:-])[a-z][a-zA-Z0-9_]*(?:\.[a-zA-Z_][a-zA-Z0-9_]*){2,}(?![\w/@])/g)].map(
    (match) => match[0],
  ),
  ...(text.match(/\{\{\s*\w+\s*\}\}/g) ?? []),
];

const screensOf = async (page: Page, more: string[]) => {
  const links = page.getByRole('navigation', { name: 'Navegación principal' }).locator('a[href^="/app/"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set([...hrefs, ...more])];
};

/** Within the app, as its links go: the shell loads once per language. */
const visit = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('main')).toBeVisible({ timeout: 30_000 });
  // Settled: its placeholders gone. The chat's list keeps a few for rows not loaded until scrolled to, so
  // the wait gives up after a while and the texts are read as they stand.
  await page
    .waitForFunction(
      () =>
        document.querySelectorAll('main .MuiSkeleton-root, main [role="progressbar"]:not([aria-valuenow])')
          .length === 0,
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  // A lazy part or a second request after the first paint (a table's rows after its columns).
  await page.waitForTimeout(300);
};

const backToSpanish = async (request: APIRequestContext, login: typeof OWNER) => {
  const answer = await request.post('/api/v1/es/login', { data: login });
  const { access_token, userid } = (await answer.json()).data[0];
  await request.post(`/api/v1/es/user/updateone/${userid}`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { language: 'es' },
  });
};

for (const [who, login] of [
  ['owner', OWNER],
  ['master', MASTER],
] as const) {
  test(`no screen of the ${who} shows a raw key or an unfilled placeholder, in six languages`, async ({
    page,
    request,
  }) => {
    // Every screen six times, each language's texts a first load on a shared 2-core machine.
    test.setTimeout(420_000);
    try {
      await signIn(page, login.email, login.password);
      const screens = await screensOf(page, MORE_SCREENS[who]);
      const found: string[] = [];
      for (const locale of LOCALES) {
        if (locale !== 'es') await chooseLanguage(page, locale);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        for (const screen of screens) {
          await visit(page, screen);
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a person reads.
          const text = await page.locator('body').innerText();
          for (const key of keysIn(text)) found.push(`${locale} ${screen}: ${key}`);
        }
      }
      expect(found).toEqual([]);
    } finally {
      await backToSpanish(request, login);
    }
  });
}
