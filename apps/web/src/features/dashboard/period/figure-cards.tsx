import type { DashboardFigures } from '@conversa/domain';
import { Box, Card, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ArrowDownward from '../../../shared/icons/ArrowDownward';
import ArrowUpward from '../../../shared/icons/ArrowUpward';
import { visuallyHidden } from '../../../shared/ui/table-styles';
import { type FigureKind, useFigureFormat } from './figure-format';
import { changeOf } from './period';

type FigureKey = keyof DashboardFigures;

type FigureCard = {
  key: FigureKey;
  kind: FigureKind;
  /** A second line under the figure: how many samples an average has, what the deals add up to. */
  detail?: { key: FigureKey; kind: FigureKind };
  /** Figures where less is better (slower answers, lost deals): their rise shows as bad news. */
  isLowerBetter?: boolean;
  /** The palette colour of the card's edge. */
  color: 'primary' | 'secondary' | 'info' | 'success' | 'error' | 'warning';
};

const CARDS: FigureCard[] = [
  { key: 'conversations_opened', kind: 'count', color: 'primary' },
  { key: 'conversations_closed', kind: 'count', color: 'primary' },
  { key: 'messages_in', kind: 'count', color: 'info' },
  { key: 'messages_out', kind: 'count', color: 'info' },
  {
    key: 'first_response_avg_seconds',
    kind: 'duration',
    detail: { key: 'first_response_count', kind: 'count' },
    isLowerBetter: true,
    color: 'secondary',
  },
  {
    key: 'resolution_avg_seconds',
    kind: 'duration',
    detail: { key: 'resolution_count', kind: 'count' },
    isLowerBetter: true,
    color: 'secondary',
  },
  {
    key: 'deals_won',
    kind: 'count',
    detail: { key: 'deals_won_amount', kind: 'money' },
    color: 'success',
  },
  {
    key: 'deals_lost',
    kind: 'count',
    detail: { key: 'deals_lost_amount', kind: 'money' },
    isLowerBetter: true,
    color: 'error',
  },
  { key: 'tasks_done', kind: 'count', color: 'success' },
  { key: 'tasks_overdue', kind: 'count', isLowerBetter: true, color: 'warning' },
];

/** Deal and task figures are null for a person without access to deals or tasks: no card at all, not a 0. */
const isOutsideAccess = (key: FigureKey, totals: DashboardFigures) =>
  totals[key] === null && (key.startsWith('deals_') || key.startsWith('tasks_'));

const Change = ({
  card,
  current,
  previous,
}: {
  card: FigureCard;
  current: number | null;
  previous?: number | null;
}) => {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const change = changeOf(current, previous);
  if (change === null) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="figure-change">
        <span aria-hidden="true">—</span>
        <Box component="span" sx={visuallyHidden}>
          {t('periodDashboard.noComparison')}
        </Box>
      </Typography>
    );
  }
  const isUp = change > 0;
  const isGood = isUp !== Boolean(card.isLowerBetter);
  const Arrow = isUp ? ArrowUpward : ArrowDownward;
  return (
    <Typography
      variant="body2"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        color: change === 0 ? 'text.secondary' : isGood ? 'success.main' : 'error.main',
      }}
      data-testid="figure-change"
    >
      {change !== 0 && <Arrow fontSize="inherit" aria-hidden="true" />}
      {t('periodDashboard.change', { change: format.change(change) })}
    </Typography>
  );
};

/** The period's figures, one card each, with their change against the previous period of the same length. */
export const FigureCards = ({
  totals,
  previous,
}: {
  totals: DashboardFigures;
  previous?: DashboardFigures;
}) => {
  const { t } = useTranslation();
  const format = useFigureFormat();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
          xl: 'repeat(5, minmax(0, 1fr))',
        },
      }}
    >
      {CARDS.filter((card) => !isOutsideAccess(card.key, totals)).map((card) => (
        <Card
          key={card.key}
          variant="outlined"
          component="section"
          sx={(theme) => ({
            p: 1.5,
            borderInlineStart: `4px solid ${theme.palette[card.color].main}`,
            overflowWrap: 'anywhere',
          })}
          data-testid={`figure-${card.key}`}
        >
          <Typography variant="caption" color="text.secondary" component="h3">
            {t(`periodDashboard.figures.${card.key}`)}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            // Two cards side by side on a phone: a duration such as "1 h 30 min" still fits a line.
            sx={(theme) => ({
              fontWeight: 700,
              fontSize: { xs: '1.25rem', sm: theme.typography.h5.fontSize },
            })}
            data-testid="figure-value"
          >
            {format.figure(totals[card.key], card.kind)}
          </Typography>
          {card.detail && (
            <Typography variant="body2" color="text.secondary" data-testid="figure-detail">
              {t(`periodDashboard.details.${card.detail.key}`, {
                value: format.figure(totals[card.detail.key], card.detail.kind),
              })}
            </Typography>
          )}
          <Change card={card} current={totals[card.key]} previous={previous?.[card.key]} />
        </Card>
      ))}
    </Box>
  );
};
