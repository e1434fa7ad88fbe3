import type { Filter, Lead, Logical } from '@conversa/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { recordKanbanSource } from '../../../shared/records/kanban-api';
import { KanbanBoard } from '../../../shared/records/kanban-board';
import type { KanbanColumnSpec } from '../../../shared/records/kanban-column';
import { useKanbanBoard } from '../../../shared/records/kanban-query';
import type { KanbanShape } from '../../../shared/records/kanban-state';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { leadPath } from '../lead-records';
import { LeadKanbanCard } from './lead-kanban-card';

/** The colour of the "no status" column: neutral, so the company's own status colours stand out. */
const NO_STATUS_COLOR = '#90a4ae';

const leadShape: KanbanShape<Lead> = {
  idOf: (lead) => lead.id,
  columnOf: (lead) => lead.status_id,
  withColumn: (lead, status_id) => ({ ...lead, status_id }),
};

/**
 * The company's leads by status: a "no status" column, then the lead statuses of the dynamic lists in
 * their order (an inactive status keeps its column while leads still carry it). Moving a card saves the
 * lead's new status; colleagues' moves and list changes show live.
 */
export const LeadKanban = ({ filters, logical }: { filters?: Filter[]; logical?: Logical }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { list_dinamic } = useAccount();
  const source = useMemo(
    () =>
      recordKanbanSource<Lead>({
        api: 'lead',
        module: 'lead',
        field: 'status_id',
        filters,
        logical,
        shape: leadShape,
        labelOf: (lead) => lead.full_name || `+${lead.phone}`,
      }),
    [filters, logical],
  );
  const board = useKanbanBoard(source);

  // A deleted status leaves its leads without one on the server: the board is read again.
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'listdinamic' && notification.action === 'delete') board.reload();
  });

  const ofLeads = useMemo(() => list_dinamic.filter((item) => item.module === 'lead'), [list_dinamic]);
  const columns: KanbanColumnSpec[] = [
    { id: '', name: t('leads.kanban.noStatus'), color: NO_STATUS_COLOR },
    ...ofLeads
      .filter((item) => item.field === 'status_id')
      .filter((status) => status.status || (board.data?.[status.id]?.count ?? 0) > 0)
      .sort((a, b) => a.position - b.position)
      .map((status) => ({ id: status.id, name: status.name, color: status.color })),
  ];
  const tags = useMemo(
    () => new Map(ofLeads.filter((item) => item.field === 'tags').map((tag) => [tag.id, tag])),
    [ofLeads],
  );

  return (
    <KanbanBoard
      columns={columns}
      board={board}
      canMove={can('lead.edit')}
      label={t('leads.kanban.label')}
      onOpen={(lead) => navigate(leadPath(lead.id))}
      renderCard={(lead) => <LeadKanbanCard lead={lead} tags={tags} />}
    />
  );
};
