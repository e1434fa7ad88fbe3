/** Oldest major version of each browser the app supports (spec section 5). */
export const BROWSER_MINIMUMS = { chrome: 49, edge: 14, firefox: 52, safari: 10, ie: 11 } as const;

export type BrowserName = keyof typeof BROWSER_MINIMUMS;
export type DetectedBrowser = { name: BrowserName; major: number };

const major = (ua: string, pattern: RegExp): number | undefined => {
  const found = pattern.exec(ua)?.[1];
  return found === undefined ? undefined : Number.parseInt(found, 10);
};

/**
 * Reads the browser from a user-agent string. Order matters: Edge and Chromium-based browsers also
 * announce Chrome, and Chrome also announces Safari.
 */
export const detectBrowser = (ua: string): DetectedBrowser | undefined => {
  const checks: [BrowserName, RegExp][] = [
    ['edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
    ['ie', /\bMSIE (\d+)/],
    ['ie', /\bTrident\/.*\brv:(\d+)/],
    ['firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
    ['chrome', /\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\/(\d+)/],
    ['safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
  ];
  for (const [name, pattern] of checks) {
    const version = major(ua, pattern);
    if (version !== undefined) return { name, major: version };
  }
  return undefined;
};

/** Older or unrecognised browsers get the 'incompatible platform' dialog. */
export const isSupportedBrowser = (ua: string): boolean => {
  const browser = detectBrowser(ua);
  return browser !== undefined && browser.major >= BROWSER_MINIMUMS[browser.name];
};
