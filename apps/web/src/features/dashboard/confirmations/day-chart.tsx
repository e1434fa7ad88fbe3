import type { ConfirmationDashboard } from '@conversa/domain';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/format/day-format';
import { visuallyHidden } from '../../../shared/ui/table-styles';
import { useDashboardNumbers } from './dashboard-format';

type Day = ConfirmationDashboard['by_day'][number];

export const CHART_PARTS = ['confirmed', 'cancelled', 'no_reply', 'failed'] as const;

const HEIGHT = 180;
const BAR_STEP = 28;
const BAR_WIDTH = 18;
const LEFT = 36;
const BOTTOM = 22;
/** Room above the top line for its number. */
const TOP = 10;

/** A round top for the axis, so its three lines read as whole numbers. */
const axisTop = (max: number): number => (max <= 4 ? 4 : Math.ceil(max / 4) * 4);

/**
 * Each day's answers as a stacked bar (confirmed, cancelled, no reply, failed), its height the day's
 * appointments. Screen readers get the same figures as a table; the drawing is hidden from them.
 */
export const DayChart = ({ days }: { days: Day[] }) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const numbers = useDashboardNumbers();
  const titleId = useId();
  const colors: Record<(typeof CHART_PARTS)[number], string> = {
    confirmed: theme.palette.success.main,
    cancelled: theme.palette.error.main,
    no_reply: theme.palette.warning.main,
    failed: theme.palette.grey[700],
  };
  const top = axisTop(Math.max(0, ...days.map((day) => day.appointments)));
  const width = LEFT + Math.max(days.length, 8) * BAR_STEP;
  const y = (value: number) => ((HEIGHT - BOTTOM - TOP) * value) / top;
  const labelEvery = Math.ceil(days.length / 16);

  return (
    <Box
      component="figure"
      aria-labelledby={titleId}
      sx={{ m: 0, display: 'grid', gap: 1 }}
      data-testid="day-chart"
    >
      <Typography id={titleId} variant="h6" component="figcaption">
        {t('confirmationsDashboard.byDay')}
      </Typography>
      {days.length === 0 ? (
        <Typography color="text.secondary">{t('confirmationsDashboard.noData')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            width="100%"
            style={{ minWidth: width, maxHeight: 260 }}
            aria-hidden="true"
          >
            {[0, top / 2, top].map((tick) => (
              <g key={tick}>
                <line
                  x1={LEFT}
                  x2={width}
                  y1={HEIGHT - BOTTOM - y(tick)}
                  y2={HEIGHT - BOTTOM - y(tick)}
                  stroke={theme.palette.divider}
                />
                <text
                  x={LEFT - 6}
                  y={HEIGHT - BOTTOM - y(tick) + 4}
                  textAnchor="end"
                  fontSize={10}
                  fill={theme.palette.text.secondary}
                >
                  {numbers.count(tick)}
                </text>
              </g>
            ))}
            {days.map((day, index) => {
              let base = HEIGHT - BOTTOM;
              const x = LEFT + index * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2;
              return (
                <g key={day.date} data-testid="day-bar">
                  {CHART_PARTS.map((part) => {
                    const height = y(day[part]);
                    base -= height;
                    return height > 0 ? (
                      <rect key={part} x={x} y={base} width={BAR_WIDTH} height={height} fill={colors[part]} />
                    ) : null;
                  })}
                  {index % labelEvery === 0 && (
                    <text
                      x={x + BAR_WIDTH / 2}
                      y={HEIGHT - 6}
                      textAnchor="middle"
                      fontSize={10}
                      fill={theme.palette.text.secondary}
                    >
                      {formatDay(i18n.language, day.date, { day: 'numeric', month: 'numeric' })}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }} aria-hidden="true">
        {CHART_PARTS.map((part) => (
          <Box key={part} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colors[part] }} />
            <Typography variant="caption">{t(`confirmationsDashboard.totals.${part}`)}</Typography>
          </Box>
        ))}
      </Box>
      {/* Hidden by a block around it: a table is never narrower than its content, so hidden itself it
          would still widen the page on a phone. */}
      <Box sx={visuallyHidden}>
        <Table size="small" aria-label={t('confirmationsDashboard.byDay')} data-testid="day-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('confirmationsDashboard.column.date')}</TableCell>
              <TableCell>{t('confirmationsDashboard.totals.appointments')}</TableCell>
              {CHART_PARTS.map((part) => (
                <TableCell key={part}>{t(`confirmationsDashboard.totals.${part}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.date}>
                <TableCell>{formatDay(i18n.language, day.date)}</TableCell>
                <TableCell>{numbers.count(day.appointments)}</TableCell>
                {CHART_PARTS.map((part) => (
                  <TableCell key={part}>{numbers.count(day[part])}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
};
