/**
 * Each language's bundle is served in three parts, so no screen downloads the texts of the screens behind
 * it: `public` (sign-in, sign-up, password reset, error pages) in the first download; `shell` (the frame
 * after sign-in and the dashboard) fetched by the /app route; `app` (every other screen) fetched by each
 * page's route and by the frame's deferred parts, so it arrives while the dashboard shows. The source stays
 * one file per language (the parity test and the translators see it whole); the build cuts it
 * (locale-parts-plugin).
 */
export const PUBLIC_NAMESPACES: readonly string[] = [
  'auth',
  'browser',
  'common',
  'dates',
  'errors',
  'forgot',
  'industries',
  'language',
  'restore',
  'signin',
  'signup',
  'twoFactor',
  'validation',
];

/** The frame's and the dashboard's own words (the new-message notice is the chat's). */
export const SHELL_NAMESPACES: readonly string[] = [
  'account',
  'chat',
  'dashboard',
  'header',
  'impersonation',
  'nav',
];

export const LOCALE_PARTS = ['public', 'shell', 'app'] as const;
export type LocalePart = (typeof LOCALE_PARTS)[number];

export const isLocalePart = (value: string | null): value is LocalePart =>
  LOCALE_PARTS.some((part) => part === value);

const partOf = (namespace: string): LocalePart => {
  if (PUBLIC_NAMESPACES.includes(namespace)) return 'public';
  return SHELL_NAMESPACES.includes(namespace) ? 'shell' : 'app';
};

/** The part of a bundle: its namespaces that belong there. */
export const pickLocalePart = (bundle: Record<string, unknown>, part: LocalePart): Record<string, unknown> =>
  Object.fromEntries(Object.entries(bundle).filter(([namespace]) => partOf(namespace) === part));
