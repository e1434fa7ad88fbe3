import type { DealStageChange } from '@conversa/domain';
import { Card, List, ListItem, ListItemText, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import HistoryOutlined from '../../../shared/icons/HistoryOutlined';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDealHistory } from '../api/deals';

/**
 * The deal's moves between stages and outcomes, newest first: from where to where, who and when. A stage
 * deleted since shows as "a former stage".
 */
export const DealHistory = ({ dealId }: { dealId: string }) => {
  const { t, i18n } = useTranslation();
  const { list_pipeline } = useAccount();
  const history = useDealHistory(dealId);
  const format = formattersFor(i18n.language);
  const stageName = (id: string) =>
    list_pipeline.flatMap((pipeline) => pipeline.stages).find((stage) => stage.id === id)?.name ??
    t('deals.history.formerStage');
  const describe = (change: DealStageChange): string => {
    if (change.from_stage !== '' && change.from_stage !== change.to_stage) {
      return t('deals.history.outcome', {
        from: t(`deals.outcome.${change.from_stage}`),
        to: t(`deals.outcome.${change.to_stage}`),
      });
    }
    if (change.from_pipeline_stage_id === '') {
      return t('deals.history.created', { to: stageName(change.to_pipeline_stage_id) });
    }
    return t('deals.history.moved', {
      from: stageName(change.from_pipeline_stage_id),
      to: stageName(change.to_pipeline_stage_id),
    });
  };

  if (history.isPending) {
    return (
      <Stack spacing={1} sx={{ maxWidth: 760 }}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }
  const changes = history.data ?? [];
  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }} data-testid="deal-history">
      {changes.length === 0 ? (
        <EmptyState icon={HistoryOutlined} title={t('deals.history.empty')} />
      ) : (
        <List dense>
          {changes.map((change) => (
            <ListItem key={change.id} divider data-testid="deal-history-row">
              <ListItemText
                primary={describe(change)}
                secondary={`${change.user_name || t('deals.history.system')} · ${format.dateTime(change.create_date)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
};
