import type { BalancePart, ClientAnalytics } from '@conversa/domain';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatNumber } from '../records/number-format';
import { useAccount } from './use-account';

/** Spent share in percent, always with two decimals (spec: the balance card's percents). */
const PERCENT_DECIMALS = 2;

const BalanceLine = ({ label, part, testId }: { label: string; part: BalancePart; testId: string }) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const format = client.number_format;
  return (
    <Box data-testid={testId} sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">
        {label}:{' '}
        {t('header.balanceUsed', {
          used: formatNumber(part.used, format),
          total: formatNumber(part.total, format),
          percent: formatDecimal(part.percent, format, PERCENT_DECIMALS),
        })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, part.percent)}
        aria-label={label}
        color={part.percent >= 100 ? 'error' : 'primary'}
      />
    </Box>
  );
};

/**
 * The message balance as the header dropdown and the dashboard card show it: the plan's messages and the
 * bags', each with what was spent and its share; 'No plan assigned yet' for a company without a plan.
 */
export const BalanceLines = ({ balance }: { balance: ClientAnalytics | undefined }) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  if (!client.plan_id) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="balance-no-plan">
        {t('header.noPlan')}
      </Typography>
    );
  }
  if (!balance) return <Typography variant="body2">—</Typography>;
  const { plan, bags } = balance.message.available;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <BalanceLine label={t('header.balancePlan')} part={plan} testId="balance-plan" />
      <BalanceLine label={t('header.balanceBags')} part={bags} testId="balance-bags" />
    </Box>
  );
};
