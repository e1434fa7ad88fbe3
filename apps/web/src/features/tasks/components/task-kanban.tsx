import { cutText, type Filter, type Logical, TASK_TEXT_CUT, type Task } from '@conversa/domain';
import { Box, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import { recordKanbanSource } from '../../../shared/records/kanban-api';
import { KanbanBoard } from '../../../shared/records/kanban-board';
import type { KanbanColumnSpec } from '../../../shared/records/kanban-column';
import { useKanbanBoard } from '../../../shared/records/kanban-query';
import type { KanbanShape } from '../../../shared/records/kanban-state';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { ExpiryChip, PriorityChip } from './task-chips';

/** The colour of the "no status" column: neutral, so the company's own status colours stand out. */
const NO_STATUS_COLOR = '#90a4ae';

const taskShape: KanbanShape<Task> = {
  idOf: (task) => task.id,
  columnOf: (task) => task.status_id,
  withColumn: (task, status_id) => ({ ...task, status_id }),
};

const TaskCard = ({ task }: { task: Task }) => {
  const { i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  return (
    <Stack spacing={0.75}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, ...(task.complete ? { textDecoration: 'line-through' } : {}) }}
      >
        {cutText(task.title, TASK_TEXT_CUT.titleLong)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {format.dateTime(task.due_date)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <ExpiryChip expiry={task.expiry} isComplete={task.complete} />
        <PriorityChip priority={task.priority} />
      </Box>
    </Stack>
  );
};

/**
 * Tasks by status: a "no status" column, then the company's task statuses in their order. Moving a card
 * saves its status; colleagues' moves show live.
 */
export const TaskKanban = ({
  filters,
  logical,
  onOpen,
}: {
  filters?: Filter[];
  logical?: Logical;
  onOpen: (task: Task) => void;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const { list_dinamic } = useAccount();
  const source = useMemo(
    () =>
      recordKanbanSource<Task>({
        api: 'task',
        module: 'task',
        field: 'status_id',
        filters,
        logical,
        shape: taskShape,
        labelOf: (task) => task.title,
      }),
    [filters, logical],
  );
  const board = useKanbanBoard(source);

  // A deleted status leaves its tasks without one on the server: the board is read again.
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'listdinamic' && notification.action === 'delete') board.reload();
  });

  const columns: KanbanColumnSpec[] = [
    { id: '', name: t('tasks.kanban.noStatus'), color: NO_STATUS_COLOR },
    ...list_dinamic
      .filter((item) => item.module === 'task' && item.field === 'status_id')
      .filter((status) => status.status || (board.data?.[status.id]?.count ?? 0) > 0)
      .sort((a, b) => a.position - b.position)
      .map((status) => ({ id: status.id, name: status.name, color: status.color })),
  ];

  return (
    <KanbanBoard
      columns={columns}
      board={board}
      canMove={can('task.edit')}
      label={t('tasks.kanban.label')}
      onOpen={onOpen}
      renderCard={(task) => <TaskCard task={task} />}
    />
  );
};
