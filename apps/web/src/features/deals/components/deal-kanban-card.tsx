import { contactLabel, type Deal, initialsOf, type PipelineStage } from '@conversa/domain';
import { Avatar, AvatarGroup, Box, Stack, Tooltip, Typography } from '@mui/material';
import { useAccount } from '../../../shared/account/use-account';
import PersonOutline from '../../../shared/icons/PersonOutline';
import { dealMoney } from '../deal-money';
import { DealCardMenu } from './deal-card-menu';
import { OutcomeChip } from './outcome-chip';

type DealKanbanCardProps = {
  deal: Deal;
  stages: readonly PipelineStage[];
  /** Without deal.edit the card has no menu. */
  canEdit: boolean;
  onMove: (stageId: string) => void;
  onOutcome: (stage: 'win' | 'lost' | 'open') => void;
};

/** A deal on the board: its number and name, contact, amount, owners and, once decided, won or lost. */
export const DealKanbanCard = ({ deal, stages, canEdit, onMove, onOutcome }: DealKanbanCardProps) => {
  const { client, list_user } = useAccount();
  const owners = deal.owner.flatMap((id) => list_user.filter((user) => user.id === id));
  return (
    <Stack spacing={0.75}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ flexShrink: 0 }}
          data-testid="deal-numdeal"
        >
          #{deal.numdeal}
        </Typography>
        <Typography variant="subtitle2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
          {deal.name}
        </Typography>
        {canEdit && <DealCardMenu deal={deal} stages={stages} onMove={onMove} onOutcome={onOutcome} />}
      </Box>
      {deal.contact && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', minWidth: 0 }}>
          <PersonOutline sx={{ fontSize: 16 }} aria-hidden="true" />
          <Typography variant="body2" noWrap>
            {contactLabel(deal.contact)}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }} data-testid="deal-amount">
          {dealMoney(deal.amount, deal.currency, client)}
        </Typography>
        <OutcomeChip stage={deal.stage} />
        {owners.length > 0 && (
          <AvatarGroup max={3} sx={{ '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 11 } }}>
            {owners.map((owner) => (
              <Tooltip key={owner.id} title={owner.name}>
                <Avatar alt={owner.name}>{initialsOf(owner.name)}</Avatar>
              </Tooltip>
            ))}
          </AvatarGroup>
        )}
      </Box>
    </Stack>
  );
};
