import type { DashboardFigures, DashboardMain } from '@conversa/domain';
import { Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/format/day-format';
import { ChartFigure } from './chart-figure';
import { useChartLook } from './chart-look';
import { type FigureKind, useFigureFormat } from './figure-format';

type Day = DashboardMain['series'][number];
type FigureKey = keyof DashboardFigures;

const HEIGHT = 260;

/**
 * Figures of each day of the period, as lines (`line`) or grouped bars (`bar`), the days along the reading
 * direction. `amounts` adds columns to the table only (the deals' amounts: another unit than the bars).
 */
const DaySeriesChart = ({
  days,
  figures,
  kind,
  shape,
  title,
  testId,
  amounts = [],
  note,
}: {
  days: Day[];
  figures: FigureKey[];
  kind: FigureKind;
  shape: 'line' | 'bar';
  title: string;
  testId: string;
  amounts?: FigureKey[];
  note?: ReactNode;
}) => {
  const { t, i18n } = useTranslation();
  const format = useFigureFormat();
  const look = useChartLook();
  const dates = days.map((day) => day.date);
  const shortDay = (date: string) => formatDay(i18n.language, date, { day: 'numeric', month: 'short' });
  const series = figures.map((key) => ({
    id: key,
    label: t(`periodDashboard.figures.${key}`),
    color: look.colorOf(key),
    // Averages become minutes on the axis; the tooltip still says "4 min 12 s".
    data: days.map((day) => (kind === 'duration' && day[key] !== null ? (day[key] ?? 0) / 60 : day[key])),
    valueFormatter: (value: number | null) =>
      format.figure(value === null ? null : kind === 'duration' ? value * 60 : value, kind),
  }));
  const xAxis = [
    {
      scaleType: shape === 'line' ? ('point' as const) : ('band' as const),
      data: dates,
      valueFormatter: shortDay,
      reverse: look.isRtl,
    },
  ];
  const yAxis = [
    {
      position: look.isRtl ? ('right' as const) : ('left' as const),
      valueFormatter: (value: number) =>
        kind === 'duration' ? format.duration(value * 60) : format.count(value),
      width: kind === 'duration' ? 88 : 48,
    },
  ];
  const table = {
    columns: [
      t('periodDashboard.day'),
      ...[...figures, ...amounts].map((key) => t(`periodDashboard.figures.${key}`)),
    ],
    rows: days.map((day) => ({
      key: day.date,
      cells: [
        formatDay(i18n.language, day.date),
        ...figures.map((key) => format.figure(day[key], kind)),
        ...amounts.map((key) => format.figure(day[key], 'money')),
      ],
    })),
  };
  const common = { xAxis, yAxis, height: HEIGHT, skipAnimation: look.skipAnimation, margin: look.margin };
  return (
    <ChartFigure title={title} table={table} testId={testId} note={note}>
      {shape === 'line' ? (
        <LineChart {...common} series={series.map((line) => ({ ...line, showMark: days.length <= 31 }))} />
      ) : (
        <BarChart {...common} series={series} />
      )}
    </ChartFigure>
  );
};

/** Conversations opened and closed, messages received and sent, day by day: on both dashboards. */
export const ActivityChart = ({ days }: { days: Day[] }) => {
  const { t } = useTranslation();
  return (
    <DaySeriesChart
      days={days}
      figures={['conversations_opened', 'conversations_closed', 'messages_in', 'messages_out']}
      kind="count"
      shape="line"
      title={t('periodDashboard.charts.activity')}
      testId="activity-chart"
    />
  );
};

/** First response and resolution averages, day by day; a day without samples leaves a gap. */
export const SpeedChart = ({ days }: { days: Day[] }) => {
  const { t } = useTranslation();
  return (
    <DaySeriesChart
      days={days}
      figures={['first_response_avg_seconds', 'resolution_avg_seconds']}
      kind="duration"
      shape="line"
      title={t('periodDashboard.charts.speed')}
      testId="speed-chart"
    />
  );
};

/** Deals won and lost per day, with their amounts in the table; none without access to deals. */
export const DealsChart = ({ days, totals }: { days: Day[]; totals: DashboardMain['totals'] }) => {
  const { t } = useTranslation();
  const format = useFigureFormat();
  if (totals.deals_won === null) return null;
  const others = totals.other_currencies ?? [];
  return (
    <DaySeriesChart
      days={days}
      figures={['deals_won', 'deals_lost']}
      amounts={['deals_won_amount', 'deals_lost_amount']}
      kind="count"
      shape="bar"
      title={t('periodDashboard.charts.deals')}
      testId="deals-chart"
      note={[
        <Typography key="amounts" variant="body2" data-testid="deal-amounts">
          {t('periodDashboard.dealAmounts', {
            won: format.figure(totals.deals_won_amount, 'money'),
            lost: format.figure(totals.deals_lost_amount, 'money'),
          })}
        </Typography>,
        ...others.map((other) => (
          <Typography
            key={other.currency}
            variant="body2"
            color="text.secondary"
            data-testid="other-currency"
          >
            {t('periodDashboard.otherCurrency', {
              currency: other.currency,
              won: format.count(other.deals_won_amount),
              lost: format.count(other.deals_lost_amount),
            })}
          </Typography>
        )),
      ]}
    />
  );
};

/** Tasks done and overdue per day; none without access to tasks. */
export const TasksChart = ({ days, totals }: { days: Day[]; totals: DashboardMain['totals'] }) => {
  const { t } = useTranslation();
  if (totals.tasks_done === null) return null;
  return (
    <DaySeriesChart
      days={days}
      figures={['tasks_done', 'tasks_overdue']}
      kind="count"
      shape="bar"
      title={t('periodDashboard.charts.tasks')}
      testId="tasks-chart"
    />
  );
};
