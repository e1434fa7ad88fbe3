import { cutText, TASK_TEXT_CUT, type Task, type TaskModule } from '@conversa/domain';
import {
  Box,
  Button,
  Card,
  Checkbox,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { formattersFor } from '../../../shared/format/intl-format';
import Add from '../../../shared/icons/Add';
import TaskAltOutlined from '../../../shared/icons/TaskAltOutlined';
import { notify } from '../../../shared/notify';
import { EmptyState } from '../../../shared/ui/empty-state';
import { recordTaskFilters, useRecordTasks, useUpdateTask } from '../api/tasks';
import type { TaskPrefill } from '../task-form';
import { useTasksRealtime } from '../use-tasks-realtime';
import { ExpiryChip } from './task-chips';
import { TaskDialog } from './task-dialog';

type RecordTasksProps = {
  module: TaskModule;
  /** The contact's, deal's or lead's id. */
  referenceId: string;
  /** A contact's tasks are found by their contact: a deal's tasks name it too. */
  contactId?: string;
  /** The record's name, shown in a new task's related field. */
  name?: string;
};

/**
 * The tasks of one record (a contact, deal or lead detail, the chat panel): each with its expiry and a box
 * to complete it; a click opens it, "New task" opens the dialog already attached to the record.
 */
export const RecordTasks = ({ module, referenceId, contactId, name }: RecordTasksProps) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const can = useCan();
  const filters = useMemo(
    () => recordTaskFilters(module, referenceId, contactId),
    [module, referenceId, contactId],
  );
  const tasks = useRecordTasks(filters);
  const update = useUpdateTask();
  const [opened, setOpened] = useState<{ taskId?: string } | null>(null);
  useTasksRealtime();

  const prefill: TaskPrefill = {
    module,
    related: {
      id: module === 'contact' ? (contactId ?? referenceId) : referenceId,
      name: name ?? '',
      contactId: contactId ?? (module === 'contact' ? referenceId : ''),
    },
  };
  const complete = (task: Task) =>
    update.mutate(
      { id: task.id, change: { complete: !task.complete } },
      { onError: (error) => notify(error instanceof ApiError ? error.info : error.message, 'error') },
    );
  const list = tasks.data ?? [];

  return (
    <Card variant="outlined" data-testid="record-tasks">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t('tasks.record.title')}
        </Typography>
        {can('task.create') && (
          <Button
            size="small"
            startIcon={<Add />}
            onClick={() => setOpened({})}
            data-testid="record-tasks-new"
          >
            {t('tasks.new.button')}
          </Button>
        )}
      </Box>
      {tasks.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      ) : list.length === 0 ? (
        <EmptyState icon={TaskAltOutlined} title={t('tasks.record.empty')} />
      ) : (
        <List dense>
          {list.map((task) => (
            <ListItem key={task.id} disablePadding data-testid="record-task">
              <ListItemIcon sx={{ minWidth: 40, ps: 1 }}>
                <Checkbox
                  edge="start"
                  checked={task.complete}
                  disabled={!can('task.edit')}
                  onChange={() => complete(task)}
                  slotProps={{
                    input: {
                      'aria-label': t('tasks.record.complete', { title: task.title }),
                      'data-testid': 'record-task-complete',
                    } as object,
                  }}
                />
              </ListItemIcon>
              <ListItemButton onClick={() => setOpened({ taskId: task.id })} sx={{ gap: 1 }}>
                <ListItemText
                  primary={cutText(task.title, TASK_TEXT_CUT.titleLong)}
                  secondary={[
                    format.dateTime(task.due_date),
                    cutText(task.description, TASK_TEXT_CUT.description),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  slotProps={{
                    primary: {
                      sx: task.complete ? { textDecoration: 'line-through', color: 'text.secondary' } : {},
                    },
                  }}
                />
                <ExpiryChip expiry={task.expiry} isComplete={task.complete} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <TaskDialog
        isOpen={opened !== null}
        taskId={opened?.taskId}
        prefill={prefill}
        onClose={() => setOpened(null)}
      />
    </Card>
  );
};
