import { Box, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { REMINDER_TIMES, type TaskFormValues, toLocalDate } from '../task-form';

type ReminderValues = Pick<TaskFormValues, 'notify_enable' | 'reminder_date' | 'reminder_time'>;

/**
 * The e-mail reminder: a switch, a date from today on and a time every 15 minutes (08:00 unless chosen).
 * Once sent it can no longer change, and says so.
 */
export const TaskReminder = ({
  value,
  onChange,
  isSent = false,
  error,
}: {
  value: ReminderValues;
  onChange: (change: Partial<ReminderValues>) => void;
  /** The reminder went out: read-only from then on. */
  isSent?: boolean;
  error?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={value.notify_enable}
            disabled={isSent}
            onChange={(event) => onChange({ notify_enable: event.target.checked })}
            slotProps={{ input: { 'data-testid': 'task-reminder-enable' } as object }}
          />
        }
        label={t('tasks.reminder.enable')}
      />
      {value.notify_enable && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 120px' }}>
          <TextField
            size="small"
            type="date"
            label={t('tasks.reminder.date')}
            value={value.reminder_date}
            onChange={(event) => onChange({ reminder_date: event.target.value })}
            error={Boolean(error)}
            helperText={error && t(error)}
            slotProps={{
              inputLabel: { shrink: true },
              input: { readOnly: isSent },
              htmlInput: { min: toLocalDate(new Date()), 'data-testid': 'task-reminder-date' },
            }}
          />
          <TextField
            select
            size="small"
            label={t('tasks.reminder.time')}
            value={value.reminder_time}
            onChange={(event) => onChange({ reminder_time: event.target.value })}
            slotProps={{ htmlInput: { readOnly: isSent, 'data-testid': 'task-reminder-time' } }}
          >
            {REMINDER_TIMES.map((time) => (
              <MenuItem key={time} value={time} dir="ltr">
                {time}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {isSent && (
        <Typography variant="caption" color="text.secondary" data-testid="task-reminder-sent">
          {t('tasks.reminder.sent')}
        </Typography>
      )}
    </Box>
  );
};
