/**
 * Each language's bundle is served in two parts so the public pages (sign-in, sign-up, password reset,
 * error pages) do not download the texts of every screen behind them. The source stays one file per
 * language (the parity test and the translators see it whole); the build cuts it (locale-parts-plugin).
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

/** `public`: the namespaces above, in the first download; `app`: the rest, fetched on entering /app. */
export type LocalePart = 'public' | 'app';

export const isLocalePart = (value: string | null): value is LocalePart =>
  value === 'public' || value === 'app';

/** The part of a bundle: its namespaces that belong there. */
export const pickLocalePart = (bundle: Record<string, unknown>, part: LocalePart): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(bundle).filter(
      ([namespace]) => PUBLIC_NAMESPACES.includes(namespace) === (part === 'public'),
    ),
  );
