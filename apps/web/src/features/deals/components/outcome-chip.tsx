import type { DealOutcome } from '@conversa/domain';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS = { win: 'success', lost: 'error', open: 'default' } as const;

/** A won or lost deal's mark; an open deal shows none unless `isOpenShown`. */
export const OutcomeChip = ({ stage, isOpenShown = false }: { stage: DealOutcome; isOpenShown?: boolean }) =>
  stage === 'open' && !isOpenShown ? null : <OutcomeLabel stage={stage} />;

const OutcomeLabel = ({ stage }: { stage: DealOutcome }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[stage]}
      variant={stage === 'open' ? 'outlined' : 'filled'}
      label={t(`deals.outcome.${stage}`)}
      data-testid="deal-outcome"
    />
  );
};
