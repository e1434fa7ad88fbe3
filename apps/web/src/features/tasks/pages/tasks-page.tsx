import type { Task } from '@conversa/domain';
import { Box, Button, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Add from '../../../shared/icons/Add';
import CalendarMonthOutlined from '../../../shared/icons/CalendarMonthOutlined';
import TableRowsOutlined from '../../../shared/icons/TableRowsOutlined';
import ViewKanbanOutlined from '../../../shared/icons/ViewKanbanOutlined';
import type { RecordsQuery } from '../../../shared/records/api/search-records';
import { RecordsPage } from '../../../shared/records/components/records-page';
import { useRecordAccess } from '../../../shared/records/use-record-access';
import { storage } from '../../../shared/storage';
import { TaskCalendar } from '../components/task-calendar';
import { TaskDialog } from '../components/task-dialog';
import { TaskKanban } from '../components/task-kanban';
import { TASK_RECORDS } from '../task-records';
import { useTasksRealtime } from '../use-tasks-realtime';

type Layout = 'list' | 'kanban' | 'calendar';
const LAYOUT_KEY = 'tasks.layout';
const LAYOUTS = [
  { value: 'list', icon: TableRowsOutlined },
  { value: 'kanban', icon: ViewKanbanOutlined },
  { value: 'calendar', icon: CalendarMonthOutlined },
] as const;
const isLayout = (value: string | null): value is Layout => LAYOUTS.some((layout) => layout.value === value);

/** The task's id in a table link (`/app/tasks?task={id}`), for a plain click that opens the dialog instead. */
const taskIdOfLink = (target: EventTarget): string | null => {
  const link = target instanceof Element ? target.closest('a[data-testid="record-link"]') : null;
  const href = link?.getAttribute('href');
  return href ? new URL(href, window.location.origin).searchParams.get('task') : null;
};

/**
 * /app/tasks: the company's tasks as the kit's table (filters, export, bulk complete and delete), as a
 * board by status, or as a month calendar by due date (the choice is remembered). `?task={id}` opens that
 * task, as the reminder e-mail's link does.
 */
export const TasksPage = () => {
  const { t } = useTranslation();
  const may = useRecordAccess(TASK_RECORDS);
  const [params, setParams] = useSearchParams();
  const [layout, setLayout] = useState<Layout>(() => {
    const stored = storage.getItem(LAYOUT_KEY);
    return isLayout(stored) ? stored : 'list';
  });
  const [isNewOpen, setIsNewOpen] = useState(false);
  const openTaskId = params.get('task');
  useTasksRealtime();

  const chooseLayout = (next: Layout) => {
    storage.setItem(LAYOUT_KEY, next);
    setLayout(next);
  };
  const openTask = (task: Pick<Task, 'id'>) => setParams({ task: task.id });
  const closeTask = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('task');
      return next;
    });

  const actions = (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={layout}
        onChange={(_event, next: Layout | null) => next && chooseLayout(next)}
        aria-label={t('tasks.layout.label')}
      >
        {LAYOUTS.map(({ value, icon: Icon }) => (
          <ToggleButton
            key={value}
            value={value}
            aria-label={t(`tasks.layout.${value}`)}
            data-testid={`layout-${value}`}
          >
            <Tooltip title={t(`tasks.layout.${value}`)}>
              <Icon fontSize="small" />
            </Tooltip>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {may('create') && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setIsNewOpen(true)}
          data-testid="new-task"
        >
          {t('tasks.new.button')}
        </Button>
      )}
    </>
  );

  const board =
    layout === 'kanban'
      ? (query: RecordsQuery) => (
          <TaskKanban filters={query.filters} logical={query.logical} onOpen={openTask} />
        )
      : layout === 'calendar'
        ? (query: RecordsQuery) => (
            <TaskCalendar filters={query.filters} logical={query.logical} onOpen={openTask} />
          )
        : undefined;

  return (
    <Box
      // A plain click on a task's title in the table opens its dialog here; a new tab stays a new tab.
      onClickCapture={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        const id = taskIdOfLink(event.target);
        if (!id) return;
        event.preventDefault();
        openTask({ id });
      }}
    >
      <RecordsPage config={TASK_RECORDS} subtitle={t('tasks.subtitle')} actions={actions} board={board} />
      <TaskDialog isOpen={isNewOpen} onClose={() => setIsNewOpen(false)} />
      <TaskDialog isOpen={openTaskId !== null} taskId={openTaskId ?? undefined} onClose={closeTask} />
    </Box>
  );
};
