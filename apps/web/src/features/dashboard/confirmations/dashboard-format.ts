import { isLocale } from '@conversa/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor, intlLocale } from '../../../shared/format/intl-format';

/** Counts and rates in the person's language; a rate without appointments is a dash, never 0 %. */
export const useDashboardNumbers = () => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const percent = new Intl.NumberFormat(intlLocale(isLocale(i18n.language) ? i18n.language : 'es'), {
      style: 'percent',
      maximumFractionDigits: 1,
    });
    return {
      count: formattersFor(i18n.language).number,
      rate: (value: number | null) => (value === null ? '–' : percent.format(value)),
      /** A part of a whole as a rate, null when the whole is 0. */
      share: (part: number, whole: number) => (whole === 0 ? '–' : percent.format(part / whole)),
    };
  }, [i18n.language]);
};
