import createCache, { type EmotionCache } from '@emotion/cache';

let rtlCache: EmotionCache | undefined;

/**
 * The emotion cache that mirrors every generated style for Arabic. Its stylis plugin is loaded only when a
 * right-to-left language is chosen (shared/i18n.ts waits for it before switching).
 */
export const prepareRtlStyles = async (): Promise<void> => {
  if (rtlCache) return;
  const { default: rtlPlugin } = await import('stylis-plugin-rtl');
  rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
};

/** Undefined until prepareRtlStyles has run; the language cannot be Arabic before that. */
export const loadedRtlCache = (): EmotionCache | undefined => rtlCache;
