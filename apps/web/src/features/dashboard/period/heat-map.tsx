import type { DashboardAdvanced } from '@conversa/domain';
import { addDays } from '@conversa/domain';
import { alpha, Box, Typography, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/format/day-format';
import { ChartFigure } from './chart-figure';
import { useFigureFormat } from './figure-format';

type Cell = DashboardAdvanced['heatmap'][number];

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** A Monday: the weekday names come from Intl, in the person's language. */
const A_MONDAY = '2024-01-01';

/**
 * When customers write: one cell per weekday and hour, darker the more messages came in. The grid follows
 * the page's direction, so in Arabic the hours run from the right.
 */
export const HeatMap = ({ cells }: { cells: Cell[] }) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const format = useFigureFormat();
  const max = Math.max(1, ...cells.map((cell) => cell.messages_in));
  const valueAt = (weekday: number, hour: number) =>
    cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.messages_in ?? 0;
  const weekdayName = (weekday: number, style: 'short' | 'long') =>
    formatDay(i18n.language, addDays(A_MONDAY, weekday - 1), { weekday: style });
  const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const table = {
    columns: [t('periodDashboard.weekday'), ...HOURS.map(hourName)],
    rows: WEEKDAYS.map((weekday) => ({
      key: String(weekday),
      cells: [weekdayName(weekday, 'long'), ...HOURS.map((hour) => format.count(valueAt(weekday, hour)))],
    })),
  };
  return (
    <ChartFigure title={t('periodDashboard.charts.heatmap')} table={table} testId="heatmap">
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: '56px repeat(24, minmax(16px, 1fr))',
            gap: '2px',
            minWidth: 480,
            alignItems: 'center',
          }}
        >
          <Box />
          {HOURS.map((hour) => (
            <Typography
              key={hour}
              variant="caption"
              color="text.secondary"
              sx={{ textAlign: 'center', fontSize: 10 }}
            >
              {hour % 3 === 0 ? hour : ''}
            </Typography>
          ))}
          {WEEKDAYS.map((weekday) => (
            <Box key={weekday} sx={{ display: 'contents' }}>
              <Typography variant="caption" color="text.secondary" noWrap>
                {weekdayName(weekday, 'short')}
              </Typography>
              {HOURS.map((hour) => {
                const value = valueAt(weekday, hour);
                return (
                  <Box
                    key={hour}
                    data-testid="heatmap-cell"
                    title={t('periodDashboard.heatmapCell', {
                      weekday: weekdayName(weekday, 'long'),
                      hour: hourName(hour),
                      value: format.count(value),
                    })}
                    sx={{
                      aspectRatio: '1',
                      borderRadius: 0.5,
                      bgcolor:
                        value === 0
                          ? theme.palette.action.hover
                          : alpha(theme.palette.primary.main, 0.15 + (0.85 * value) / max),
                    }}
                  />
                );
              })}
            </Box>
          ))}
        </Box>
      </Box>
    </ChartFigure>
  );
};
