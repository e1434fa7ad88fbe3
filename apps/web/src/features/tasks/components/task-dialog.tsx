import type { Task } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { ConfirmPopover } from '../../../shared/records/components/confirm-popover';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useCreateTask, useDeleteTask, useTask, useUpdateTask } from '../api/tasks';
import {
  emptyTaskForm,
  type TaskFormErrors,
  type TaskFormValues,
  type TaskPrefill,
  taskFormErrors,
  taskFormOf,
  toCreateInput,
  toUpdateInput,
} from '../task-form';
import { TaskComments } from './task-comments';
import { TaskFacts } from './task-facts';
import { TaskFormMain, TaskFormSide } from './task-form-fields';

type Mode = 'create' | 'view' | 'edit';

export type TaskDialogProps = {
  isOpen: boolean;
  /** The task to show; none opens the dialog to create one. */
  taskId?: string;
  /** The record a new task starts attached to. */
  prefill?: TaskPrefill;
  onClose: () => void;
};

/** The server's field names as the form calls them. */
const FORM_FIELD: Record<string, keyof TaskFormErrors> = {
  title: 'title',
  due_date: 'due_date',
  owner: 'owner',
  contact_id: 'related',
  reference_id: 'related',
  notify_before: 'reminder_date',
};

/**
 * The task dialog (spec sections 2 and 4): create, then view once created; view, edit, and back to view
 * once saved; delete closes it. Left the title, description and comments; right the rest. A refusal
 * shows the server's info whatever its code.
 */
export const TaskDialog = ({ isOpen, taskId, prefill, onClose }: TaskDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const { user } = useAccount();
  const can = useCan();
  const [shownId, setShownId] = useState(taskId);
  const [mode, setMode] = useState<Mode>(taskId ? 'view' : 'create');
  const [values, setValues] = useState<TaskFormValues>(() => emptyTaskForm(user.id, prefill));
  const [isTouched, setIsTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<TaskFormErrors>({});
  const [deleteAnchor, setDeleteAnchor] = useState<HTMLElement | null>(null);
  const detail = useTask(isOpen ? shownId : undefined);
  const task = detail.data;
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();

  // Opening the dialog again (another task, or a new one) starts from that task or an empty form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the opening is the trigger, not the prefill object
  useEffect(() => {
    if (!isOpen) return;
    setShownId(taskId);
    setMode(taskId ? 'view' : 'create');
    setValues(emptyTaskForm(user.id, prefill));
    setIsTouched(false);
    setFailure(null);
    setServerErrors({});
  }, [isOpen, taskId]);

  const errors: TaskFormErrors = {
    ...(isTouched ? taskFormErrors(values, new Date(), mode === 'edit' ? task : undefined) : {}),
    ...serverErrors,
  };
  const change = (patch: Partial<TaskFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors({});
  };

  const refuse = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    const placed: TaskFormErrors = {};
    for (const issue of error.errors) {
      const key = FORM_FIELD[issue.path];
      if (key) placed[key] = issue.message;
    }
    setServerErrors(placed);
    setFailure(error.info || t('errors.generic'));
  };

  const isPending = create.isPending || update.isPending || remove.isPending;
  const canCreate = !isPending && values.owner.length > 0 && values.related !== null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    setFailure(null);
    const found = taskFormErrors(values, new Date(), mode === 'edit' ? task : undefined);
    if (Object.keys(found).length > 0) return;
    try {
      if (mode === 'create') {
        const created = await create.mutateAsync(toCreateInput(values));
        notify(t('tasks.dialog.created'), 'success');
        setShownId(created.id);
      } else if (task) {
        const patch = toUpdateInput(values, task);
        if (Object.keys(patch).length > 0) await update.mutateAsync({ id: task.id, change: patch });
        notify(t('tasks.dialog.saved'), 'success');
      }
      setMode('view');
    } catch (error) {
      refuse(error);
    }
  };

  const startEditing = (loaded: Task) => {
    setValues(taskFormOf(loaded));
    setIsTouched(false);
    setFailure(null);
    setMode('edit');
  };
  const setComplete = async (loaded: Task) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: loaded.id, change: { complete: !loaded.complete } });
    } catch (error) {
      refuse(error);
    }
  };
  const deleteTask = async (loaded: Task) => {
    try {
      await remove.mutateAsync(loaded.id);
      setDeleteAnchor(null);
      notify(t('tasks.dialog.deleted'), 'success');
      onClose();
    } catch (error) {
      setDeleteAnchor(null);
      refuse(error);
    }
  };

  const title =
    mode === 'create'
      ? t('tasks.dialog.new')
      : mode === 'edit'
        ? t('tasks.dialog.edit')
        : t('tasks.dialog.view');
  const isForm = mode !== 'view';
  const loadError = detail.error instanceof ApiError ? detail.error.info : detail.error?.message;

  const body = () => {
    if (mode === 'create' || (mode === 'edit' && task)) {
      const props = { values, onChange: change, errors, task: mode === 'edit' ? task : undefined };
      return (
        <Columns
          main={
            <>
              <TaskFormMain {...props} />
              {task && mode === 'edit' && <TaskComments taskId={task.id} comments={task.comments} />}
            </>
          }
          side={<TaskFormSide {...props} />}
        />
      );
    }
    if (!task) {
      return loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      );
    }
    return (
      <Columns
        main={
          <>
            <Box>
              <Typography
                variant="h6"
                component="p"
                data-testid="task-view-title"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {task.title}
              </Typography>
              <Typography
                color={task.description ? 'text.primary' : 'text.secondary'}
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}
              >
                {task.description || t('tasks.dialog.noDescription')}
              </Typography>
            </Box>
            <TaskComments taskId={task.id} comments={task.comments} />
          </>
        }
        side={<TaskFacts task={task} />}
      />
    );
  };

  const actions = () => {
    if (mode === 'create') {
      return (
        <>
          <Button onClick={onClose} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={create.isPending} disabled={!canCreate} data-testid="task-submit">
            {t('tasks.dialog.create')}
          </SubmitButton>
        </>
      );
    }
    if (mode === 'edit') {
      return (
        <>
          <Button onClick={() => setMode('view')} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton
            isPending={update.isPending}
            disabled={isPending || values.owner.length === 0 || values.related === null}
            data-testid="task-save"
          >
            {t('tasks.dialog.save')}
          </SubmitButton>
        </>
      );
    }
    return (
      <>
        {task && can('task.delete') && (
          <Button
            color="error"
            onClick={(event) => setDeleteAnchor(event.currentTarget)}
            data-testid="task-delete"
          >
            {t('tasks.dialog.delete')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('common.close')}</Button>
        {task && can('task.edit') && (
          <>
            <Button
              variant="outlined"
              onClick={() => void setComplete(task)}
              disabled={isPending}
              data-testid="task-toggle-complete"
            >
              {task.complete ? t('tasks.dialog.reopen') : t('tasks.dialog.complete')}
            </Button>
            <Button variant="contained" onClick={() => startEditing(task)} data-testid="task-edit">
              {t('tasks.dialog.editButton')}
            </Button>
          </>
        )}
      </>
    );
  };

  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      data-testid="task-dialog"
    >
      <Box
        component={isForm ? 'form' : 'div'}
        noValidate={isForm ? true : undefined}
        onSubmit={isForm ? submit : undefined}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {failure && (
            <Alert severity="error" data-testid="task-error">
              {failure}
            </Alert>
          )}
          {body()}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions()}</DialogActions>
      </Box>
      {task && (
        <ConfirmPopover
          anchor={deleteAnchor}
          question={t('tasks.dialog.deleteConfirm')}
          isPending={remove.isPending}
          onCancel={() => setDeleteAnchor(null)}
          onConfirm={() => void deleteTask(task)}
        />
      )}
    </Dialog>
  );
};

/** Two columns on a wide screen (the main one wider), one under the other on a narrow one. */
const Columns = ({ main, side }: { main: React.ReactNode; side: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, pt: 1 }}>
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>{main}</Box>
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>{side}</Box>
  </Box>
);
