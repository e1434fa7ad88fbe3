import type { Locale } from '@conversa/domain';
import { arSA, enUS, esES, frFR, itIT, type Localization, zhCN } from '@mui/material/locale';

/**
 * MUI's own texts (Autocomplete's 'No options' and 'Open', pagination, Alert's close) in each language.
 * Arabic takes the Saudi pack: the language switcher shows the Saudi flag and its wording is standard Arabic.
 */
export const MUI_LOCALES: Record<Locale, Localization> = {
  es: esES,
  en: enUS,
  fr: frFR,
  it: itIT,
  zh: zhCN,
  ar: arSA,
};
