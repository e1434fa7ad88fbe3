import type { DashboardFigures } from '@conversa/domain';
import { useMediaQuery, useTheme } from '@mui/material';

/**
 * What every chart of the dashboards shares: the theme's colours (so dark mode and the company's palette
 * apply), the reading direction (Arabic puts the first day on the right and the values' axis there too)
 * and no animation for people who asked their system for less motion.
 */
export const useChartLook = () => {
  const theme = useTheme();
  const isReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { palette } = theme;
  const colors: Partial<Record<keyof DashboardFigures, string>> = {
    conversations_opened: palette.primary.main,
    conversations_closed: palette.secondary.main,
    messages_in: palette.info.main,
    messages_out: palette.success.main,
    first_response_avg_seconds: palette.primary.main,
    resolution_avg_seconds: palette.warning.main,
    deals_won: palette.success.main,
    deals_lost: palette.error.main,
    tasks_done: palette.success.main,
    tasks_overdue: palette.warning.main,
  };
  return {
    isRtl: theme.direction === 'rtl',
    skipAnimation: isReducedMotion,
    margin: { top: 16, bottom: 8, left: 8, right: 8 },
    colorOf: (key: keyof DashboardFigures) => colors[key] ?? palette.primary.main,
  };
};
