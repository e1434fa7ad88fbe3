import { DEFAULT_LOCALE, isRtl } from '@conversa/domain';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, createTheme, ThemeProvider } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLocale, i18n } from '../shared/i18n';
import { loadedRtlCache } from '../shared/rtl-styles';
import { SnackbarProvider } from '../shared/ui/snackbar-provider';
import { MUI_LOCALES } from './mui-locales';
import { createAppTheme } from './theme';

// Two emotion caches: the rtl one (shared/rtl-styles) mirrors every generated style, so the whole layout
// flips for Arabic.
const ltrCache = createCache({ key: 'mui' });

const DirectionalTheme = ({ children }: { children: ReactNode }) => {
  const { i18n: instance } = useTranslation();
  const locale = instance.resolvedLanguage ? currentLocale() : DEFAULT_LOCALE;
  const direction = isRtl(locale) ? 'rtl' : 'ltr';
  // MUI's texts come from its locale pack, layered over our theme as MUI's localization guide does.
  const theme = useMemo(
    () => createTheme(createAppTheme(direction), MUI_LOCALES[locale]),
    [direction, locale],
  );
  return (
    <CacheProvider value={(direction === 'rtl' && loadedRtlCache()) || ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
};

/** What every page needs: texts, theme and direction, the snackbar. The query client comes with /app. */
export const AppProviders = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <DirectionalTheme>
      <SnackbarProvider>{children}</SnackbarProvider>
    </DirectionalTheme>
  </I18nextProvider>
);
