import type { Deal } from '@conversa/domain';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import EmojiEventsOutlined from '../../../shared/icons/EmojiEventsOutlined';
import ReplayOutlined from '../../../shared/icons/ReplayOutlined';
import ThumbDownOutlined from '../../../shared/icons/ThumbDownOutlined';
import { useDealOutcome } from '../api/deal-outcome';
import { LostReasonDialog } from './lost-reason-dialog';

/** Won and Lost (asking the reason) while the deal is open; Reopen once it was decided. */
export const DealOutcomeActions = ({ deal }: { deal: Deal }) => {
  const { t } = useTranslation();
  const outcome = useDealOutcome();
  const [isLosing, setIsLosing] = useState(false);
  if (deal.stage !== 'open') {
    return (
      <Button
        variant="outlined"
        startIcon={<ReplayOutlined />}
        loading={outcome.isPending}
        onClick={() => outcome.mutate({ deal, stage: 'open' })}
        data-testid="deal-reopen"
      >
        {t('deals.card.reopen')}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="contained"
        color="success"
        startIcon={<EmojiEventsOutlined />}
        loading={outcome.isPending}
        onClick={() => outcome.mutate({ deal, stage: 'win' })}
        data-testid="deal-win"
      >
        {t('deals.outcome.win')}
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<ThumbDownOutlined />}
        disabled={outcome.isPending}
        onClick={() => setIsLosing(true)}
        data-testid="deal-lose"
      >
        {t('deals.outcome.lost')}
      </Button>
      <LostReasonDialog
        dealName={isLosing ? deal.name : undefined}
        isPending={outcome.isPending}
        onClose={() => setIsLosing(false)}
        onConfirm={(reason) =>
          outcome.mutate({ deal, stage: 'lost', lostReason: reason }, { onSettled: () => setIsLosing(false) })
        }
      />
    </>
  );
};
