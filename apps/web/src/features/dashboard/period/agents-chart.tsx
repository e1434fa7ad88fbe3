import type { DashboardAdvanced, DashboardFigures } from '@conversa/domain';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from './chart-figure';
import { useChartLook } from './chart-look';
import { type FigureKind, useFigureFormat } from './figure-format';

type Agent = DashboardAdvanced['agents'][number];

/** The bars compare the work each person did; the table adds their speed, deals and tasks. */
const BARS: (keyof DashboardFigures)[] = ['conversations_closed', 'messages_out'];
const COLUMNS: { key: keyof DashboardFigures; kind: FigureKind }[] = [
  { key: 'conversations_opened', kind: 'count' },
  { key: 'conversations_closed', kind: 'count' },
  { key: 'messages_in', kind: 'count' },
  { key: 'messages_out', kind: 'count' },
  { key: 'first_response_avg_seconds', kind: 'duration' },
  { key: 'resolution_avg_seconds', kind: 'duration' },
  { key: 'deals_won', kind: 'count' },
  { key: 'deals_won_amount', kind: 'money' },
  { key: 'tasks_done', kind: 'count' },
  { key: 'tasks_overdue', kind: 'count' },
];
const ROW_HEIGHT = 44;

/** One bar group per person of the company, in the server's order (by name). */
export const AgentsChart = ({ agents }: { agents: Agent[] }) => {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const look = useChartLook();
  // Deal and task columns go when the person may not see deals or tasks (the server sends null then).
  const columns = COLUMNS.filter(
    (column) => !(agents[0]?.[column.key] === null && /^(deals|tasks)_/.test(column.key)),
  );
  const table = {
    columns: [
      t('periodDashboard.agent'),
      ...columns.map((column) => t(`periodDashboard.figures.${column.key}`)),
    ],
    rows: agents.map((agent) => ({
      key: agent.user_id,
      cells: [agent.name, ...columns.map((column) => format.figure(agent[column.key], column.kind))],
    })),
  };
  return (
    <ChartFigure title={t('periodDashboard.charts.agents')} table={table} testId="agents-chart">
      <BarChart
        layout="horizontal"
        height={Math.max(160, agents.length * ROW_HEIGHT + 60)}
        skipAnimation={look.skipAnimation}
        margin={look.margin}
        yAxis={[
          {
            scaleType: 'band',
            data: agents.map((agent) => agent.name),
            position: look.isRtl ? 'right' : 'left',
            width: 110,
          },
        ]}
        xAxis={[{ reverse: look.isRtl, valueFormatter: (value: number) => format.count(value) }]}
        series={BARS.map((key) => ({
          id: key,
          label: t(`periodDashboard.figures.${key}`),
          color: look.colorOf(key),
          data: agents.map((agent) => agent[key] ?? 0),
          valueFormatter: (value: number | null) => format.figure(value, 'count'),
        }))}
      />
    </ChartFigure>
  );
};
