import type { Deal, DealOutcome } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify';
import { recordsKey } from '../../../shared/records/api/search-records';
import { saveDeal } from './deal-kanban';
import { dealDetailKey, dealHistoryKey } from './deals';

export type OutcomeChange = { deal: Deal; stage: DealOutcome; lostReason?: string };

/**
 * Wins, loses (with its reason) or reopens a deal; the open deal page and the lists take the answer, the
 * caller's board too (`onSaved`). A refusal shows the server's message.
 */
export const useDealOutcome = (onSaved?: (deal: Deal) => void) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deal, stage, lostReason = '' }: OutcomeChange) =>
      saveDeal(deal.id, stage === 'lost' ? { stage, lost_reason: lostReason } : { stage }),
    onSuccess: (saved) => {
      onSaved?.(saved);
      queryClient.setQueryData<Deal>(dealDetailKey(saved.id), (current) =>
        current ? { ...current, ...saved } : current,
      );
      void queryClient.invalidateQueries({ queryKey: dealHistoryKey(saved.id) });
      void queryClient.invalidateQueries({ queryKey: [...recordsKey('deal'), 'search'] });
      notify(t(`deals.outcomeSaved.${saved.stage}`, { name: saved.name }), 'success');
    },
    onError: (error) => notify(error.message || t('errors.generic'), 'error'),
  });
};
