import { isLocale } from '@conversa/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor, intlLocale } from '../../../shared/format/intl-format';
import { formatMoney } from '../../../shared/records/number-format';

/** How a figure reads: a count, a duration in seconds, or an amount of the company's currency. */
export type FigureKind = 'count' | 'duration' | 'money';

/**
 * Figures in the person's language: counts with its separators, durations as "4 min 12 s" (the two largest
 * units; under a second is "0 s"), amounts in the company's number format, changes as signed percentages.
 */
export const useFigureFormat = () => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  return useMemo(() => {
    const language = isLocale(i18n.language) ? i18n.language : 'es';
    const count = formattersFor(language).number;
    const percent = new Intl.NumberFormat(intlLocale(language), {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    });
    const duration = (seconds: number): string => {
      const whole = Math.round(seconds);
      const parts = [
        { unit: 'hours', value: Math.floor(whole / 3600) },
        { unit: 'minutes', value: Math.floor((whole % 3600) / 60) },
        { unit: 'seconds', value: whole % 60 },
      ];
      const first = parts.findIndex((part) => part.value > 0);
      if (first === -1) return t('periodDashboard.duration.seconds', { value: count(0) });
      return parts
        .slice(first, first + 2)
        .filter((part) => part.value > 0)
        .map((part) => t(`periodDashboard.duration.${part.unit}`, { value: count(part.value) }))
        .join(' ');
    };
    const money = (amount: number) => formatMoney(amount, client.number_format);
    return {
      count,
      duration,
      money,
      /** A figure of any kind; a figure the server did not give (no average without samples) is a dash. */
      figure: (value: number | null, kind: FigureKind): string => {
        if (value === null) return '–';
        if (kind === 'duration') return duration(value);
        return kind === 'money' ? money(value) : count(value);
      },
      change: (value: number) => percent.format(value),
    };
  }, [t, i18n.language, client.number_format]);
};
