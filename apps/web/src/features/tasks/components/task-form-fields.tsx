import {
  TASK_PRIORITIES,
  TASK_VISIBILITY,
  type Task,
  type TaskPriority,
  type TaskVisibility,
} from '@conversa/domain';
import { Box, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../shared/records/components/field-input';
import { defaultReminder, type TaskFormErrors, type TaskFormValues, toLocalDateTime } from '../task-form';
import { taskField } from '../task-records';
import { ParticipantsPicker } from './participants-picker';
import { RelatedRecordPicker } from './related-record-picker';
import { COMMENT_HEIGHT } from './task-comments';
import { TaskReminder } from './task-reminder';

type Props = {
  values: TaskFormValues;
  onChange: (change: Partial<TaskFormValues>) => void;
  errors: TaskFormErrors;
  /** The task being edited; none while creating. */
  task?: Task;
};

const single = (value: string | string[]) => (Array.isArray(value) ? (value[0] ?? '') : value);
const many = (value: string | string[]) => (Array.isArray(value) ? value : [value].filter(Boolean));

/** The left column of the form: title, description and, for a new task, its first comment. */
export const TaskFormMain = ({ values, onChange, errors, task }: Props) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
      <TextField
        required
        autoFocus
        label={t('records.field.title')}
        value={values.title}
        onChange={(event) => onChange({ title: event.target.value })}
        error={Boolean(errors.title)}
        helperText={errors.title && t(errors.title)}
        slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'task-title' } }}
      />
      <TextField
        multiline
        minRows={4}
        label={t('records.field.description')}
        value={values.description}
        onChange={(event) => onChange({ description: event.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'task-description' } }}
      />
      {!task && (
        <TextField
          multiline
          label={t('tasks.comments.first')}
          placeholder={t('tasks.comments.placeholder')}
          value={values.comment}
          onChange={(event) => onChange({ comment: event.target.value })}
          slotProps={{
            htmlInput: { 'data-testid': 'task-first-comment' },
            input: { sx: { minHeight: COMMENT_HEIGHT, alignItems: 'flex-start' } },
          }}
        />
      )}
    </Box>
  );
};

/**
 * The right column: completion (when editing), status, priority, due date, the related record, tags (new
 * ones made by typing), visibility, participants and the reminder.
 */
export const TaskFormSide = ({ values, onChange, errors, task }: Props) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
      {task && (
        <FormControlLabel
          control={
            <Switch
              checked={values.complete}
              onChange={(event) => onChange({ complete: event.target.checked })}
            />
          }
          label={t('records.field.complete')}
        />
      )}
      <FieldInput
        module="task"
        field={taskField('status_id')}
        value={values.status_id}
        onChange={(value) => onChange({ status_id: single(value) })}
        label={t('records.field.status')}
        hasLabel
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          select
          required
          size="small"
          label={t('records.field.priority')}
          value={values.priority}
          onChange={(event) => onChange({ priority: event.target.value as TaskPriority })}
          slotProps={{ htmlInput: { 'data-testid': 'task-priority' } }}
        >
          {TASK_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {t(`tasks.priority.${priority}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          required
          size="small"
          label={t('records.field.visibility')}
          value={values.visibility}
          onChange={(event) => onChange({ visibility: Number(event.target.value) as TaskVisibility })}
          slotProps={{ htmlInput: { 'data-testid': 'task-visibility' } }}
        >
          {Object.values(TASK_VISIBILITY).map((visibility) => (
            <MenuItem key={visibility} value={visibility}>
              {t(`tasks.visibility.${visibility}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField
        required
        size="small"
        type="datetime-local"
        label={t('records.field.dueDate')}
        value={values.due_date}
        onChange={(event) => onChange({ due_date: event.target.value })}
        error={Boolean(errors.due_date)}
        helperText={errors.due_date && t(errors.due_date)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: toLocalDateTime(new Date()), 'data-testid': 'task-due-date' },
        }}
      />
      <RelatedRecordPicker
        module={values.module}
        value={values.related}
        onChange={(module, related) => onChange({ module, related })}
        error={errors.related}
      />
      <FieldInput
        module="task"
        field={taskField('tags')}
        value={values.tags}
        onChange={(value) => onChange({ tags: many(value) })}
        label={t('tasks.dialog.tags')}
        hasLabel
        canCreate
      />
      <ParticipantsPicker
        value={values.owner}
        onChange={(owner) => onChange({ owner })}
        error={errors.owner}
      />
      <TaskReminder
        value={values}
        onChange={(change) =>
          onChange(
            change.notify_enable && !values.reminder_date
              ? { ...change, ...defaultReminder(values.due_date) }
              : change,
          )
        }
        isSent={task?.notify_sent}
        error={errors.reminder_date}
      />
    </Box>
  );
};
