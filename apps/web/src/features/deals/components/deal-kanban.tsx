import type { Deal, Filter, Logical, Pipeline } from '@conversa/domain';
import { Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import EmojiEventsOutlined from '../../../shared/icons/EmojiEventsOutlined';
import ThumbDownOutlined from '../../../shared/icons/ThumbDownOutlined';
import { KanbanBoard, type KanbanDropZone } from '../../../shared/records/kanban-board';
import { useKanbanBoard } from '../../../shared/records/kanban-query';
import { applyRemoteChange, type KanbanBoardData } from '../../../shared/records/kanban-state';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { dealKanbanSource, dealShape } from '../api/deal-kanban';
import { useDealOutcome } from '../api/deal-outcome';
import { dealMoney } from '../deal-money';
import { dealPath } from '../deal-paths';
import { stagesOf } from '../pipeline-order';
import { DealKanbanCard } from './deal-kanban-card';
import { LostReasonDialog } from './lost-reason-dialog';

const WON_COLOR = '#2e7d32';
const LOST_COLOR = '#d32f2f';

type DealKanbanProps = { pipeline: Pipeline; filters?: Filter[]; logical?: Logical };

/** The pipeline a realtime `pipeline` notification is about (updateAlt names it in each moved card). */
const touchesPipeline = (notification: Notification, pipelineId: string): boolean =>
  notification.data.some((entry) => {
    const record = entry as { id?: unknown; pipeline_id?: unknown };
    return record.pipeline_id === pipelineId || record.id === pipelineId;
  });

/**
 * A pipeline's deals by stage: each column with its count and amount total, cards dragged to another stage
 * or place (or onto Won and Lost at the board's foot), or moved from their menu with the keyboard.
 * Colleagues' moves and the pipeline's changes show live.
 */
export const DealKanban = ({ pipeline, filters = [], logical = 'and' }: DealKanbanProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  const { client } = useAccount();
  const [losing, setLosing] = useState<Deal | undefined>(undefined);
  const source = useMemo(() => {
    const made = dealKanbanSource({
      pipelineId: pipeline.id,
      filters,
      logical,
      onSaved: (deal) => show(deal),
    });
    const show = (deal: Deal) =>
      queryClient.setQueryData<KanbanBoardData<Deal>>(made.queryKey, (board) =>
        board ? (applyRemoteChange(board, dealShape, deal) ?? board) : board,
      );
    return { ...made, show };
  }, [pipeline.id, filters, logical, queryClient]);
  const board = useKanbanBoard(source);
  const outcome = useDealOutcome(source.show);
  const canEdit = can('deal.edit');
  const stages = stagesOf(pipeline);

  // A card moved (updateAlt), a stage renamed or removed: this pipeline's board is read again.
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'pipeline' && touchesPipeline(notification, pipeline.id)) board.reload();
  });

  const decide = (deal: Deal, stage: 'win' | 'lost' | 'open') => {
    if (stage === 'lost') setLosing(deal);
    else outcome.mutate({ deal, stage });
  };
  const zones: KanbanDropZone[] = [
    { id: 'win', label: t('deals.outcome.win'), color: WON_COLOR, icon: <EmojiEventsOutlined /> },
    { id: 'lost', label: t('deals.outcome.lost'), color: LOST_COLOR, icon: <ThumbDownOutlined /> },
  ];

  return (
    <>
      <KanbanBoard
        columns={stages.map((stage) => ({ id: stage.id, name: stage.name, color: stage.color }))}
        board={board}
        canMove={canEdit}
        isOrdered
        label={t('deals.kanban.label', { name: pipeline.name })}
        onOpen={(deal) => navigate(dealPath(deal.id))}
        columnExtra={(_column, data) => (
          <Typography variant="body2" color="text.secondary" data-testid="kanban-column-total">
            {dealMoney(data.total ?? 0, '', client, true)}
          </Typography>
        )}
        dropZones={zones}
        onDropZone={(zone, deal) => decide(deal, zone === 'win' ? 'win' : 'lost')}
        renderCard={(deal) => (
          <DealKanbanCard
            deal={deal}
            stages={stages}
            canEdit={canEdit}
            onMove={(stageId) => void board.move(deal.id, stageId, 0)}
            onOutcome={(stage) => decide(deal, stage)}
          />
        )}
      />
      <LostReasonDialog
        dealName={losing?.name}
        isPending={outcome.isPending}
        onClose={() => setLosing(undefined)}
        onConfirm={(reason) => {
          if (losing) outcome.mutate({ deal: losing, stage: 'lost', lostReason: reason });
          setLosing(undefined);
        }}
      />
    </>
  );
};
