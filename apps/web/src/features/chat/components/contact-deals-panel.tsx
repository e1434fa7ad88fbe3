import type { Deal, DealContact, PipelineStage } from '@conversa/domain';
import { Box, Button, List, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import { ListChip } from '../../../shared/records/components/list-chip';
import { formatMoney } from '../../../shared/records/number-format';
import { NewDealDialog } from '../../deals/components/new-deal-dialog';
import { dealPath } from '../../deals/deal-paths';
import { contactDealsKey, useContactDeals } from '../api/contact-deals';

/** The stage a deal stands in, found in the account's pipelines (names and colours change there). */
export const useStageOf = () => {
  const { list_pipeline } = useAccount();
  const stages = new Map<string, PipelineStage>(
    list_pipeline.flatMap((pipeline) => pipeline.stages.map((stage) => [stage.id, stage] as const)),
  );
  return (deal: Deal) => stages.get(deal.pipeline_stage_id);
};

/**
 * Beside the conversation: the contact's open deals (stage and amount, each opening its page) and a New
 * deal button that opens the form with this contact already chosen. Follows colleagues' changes live.
 */
export const ContactDealsPanel = ({ contact }: { contact: DealContact }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { client } = useAccount();
  const queryClient = useQueryClient();
  const stageOf = useStageOf();
  const [isCreating, setIsCreating] = useState(false);
  const deals = useContactDeals(contact.id, 'open', can('deal.view'));

  if (!can('deal.view')) return null;
  return (
    <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="contact-deals">
      <Typography variant="subtitle1">{t('chat.deals.title')}</Typography>
      {deals.isPending ? (
        <Stack spacing={1} sx={{ py: 1 }}>
          <Skeleton variant="rounded" height={48} />
        </Stack>
      ) : (deals.data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('chat.deals.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {(deals.data ?? []).map((deal) => {
            const stage = stageOf(deal);
            return (
              <ListItemButton
                key={deal.id}
                component={RouterLink}
                to={dealPath(deal.id)}
                divider
                sx={{ px: 1 }}
                data-testid="contact-deal"
              >
                <ListItemText
                  primary={deal.name}
                  secondary={
                    <Box
                      component="span"
                      sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}
                    >
                      {stage && <ListChip label={stage.name} color={stage.color} component="span" />}
                      <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
                        {formatMoney(deal.amount, client.number_format)}
                      </Box>
                    </Box>
                  }
                  slotProps={{ primary: { noWrap: true, dir: 'auto' } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
      {/* Under the list, where the narrow panel leaves the button its whole label. */}
      {can('deal.create') && (
        <Button
          size="small"
          startIcon={<Add />}
          onClick={() => setIsCreating(true)}
          sx={{ mt: 0.5 }}
          data-testid="contact-deals-new"
        >
          {t('deals.new.button')}
        </Button>
      )}
      <NewDealDialog
        open={isCreating}
        onClose={() => setIsCreating(false)}
        contact={contact}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: contactDealsKey(contact.id) })}
      />
    </Box>
  );
};
