import type { Locale } from '@conversa/domain';
import {
  Box,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { intlLocale } from '../../../shared/format/intl-format';
import { translateMessage } from '../../../shared/i18n';
import type { DiffusionForm, FormErrors } from '../diffusion-form';
import { NextStart } from './next-start';

const ISO_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A weekday's short name (1 Monday … 7 Sunday): 4 January 2026 was a Sunday. */
export const weekdayName = (language: string, day: number): string =>
  new Intl.DateTimeFormat(intlLocale(language as Locale), { weekday: 'short' }).format(
    new Date(2026, 0, 4 + day),
  );

type Props = {
  form: Pick<DiffusionForm, 'schedule' | 'scheduled_at' | 'send_window'>;
  errors: FormErrors;
  onChange: (patch: Partial<DiffusionForm>) => void;
};

/** When it starts (when Start is pressed, or by itself at a moment) and the hours and days it may send. */
export const ScheduleSection = ({ form, errors, onChange }: Props) => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const window = form.send_window;
  const daysError = errors['send_window.days'];
  const setWindow = (patch: Partial<DiffusionForm['send_window']>) =>
    onChange({ send_window: { ...window, ...patch } });
  const time = (key: 'from' | 'to') => ({
    type: 'time',
    value: window[key],
    label: t(`diffusions.form.window.${key}`),
    error: Boolean(errors[`send_window.${key}`]),
    helperText: translateMessage(errors[`send_window.${key}`]),
    onChange: (event: { target: { value: string } }) => setWindow({ [key]: event.target.value }),
    slotProps: {
      htmlInput: { 'data-testid': `diffusion-window-${key}`, dir: 'ltr' },
      inputLabel: { shrink: true },
    },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <RadioGroup
        row
        value={form.schedule}
        onChange={(event) => onChange({ schedule: event.target.value as DiffusionForm['schedule'] })}
        aria-label={t('diffusions.form.schedule')}
      >
        <FormControlLabel value="now" control={<Radio />} label={t('diffusions.form.scheduleNow')} />
        <FormControlLabel
          value="later"
          control={<Radio data-testid="diffusion-schedule-later" />}
          label={t('diffusions.form.scheduleLater')}
        />
      </RadioGroup>
      {form.schedule === 'later' && (
        <TextField
          type="datetime-local"
          required
          label={t('diffusions.form.scheduledAt')}
          value={form.scheduled_at}
          error={Boolean(errors.scheduled_at)}
          helperText={translateMessage(errors.scheduled_at)}
          onChange={(event) => onChange({ scheduled_at: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'diffusion-scheduled-at' }, inputLabel: { shrink: true } }}
        />
      )}
      <Typography variant="subtitle2">
        {t('diffusions.form.window.title', { timezone: client.timezone })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...time('from')} />
        <TextField {...time('to')} />
      </Box>
      <Box>
        <ToggleButtonGroup
          size="small"
          value={window.days}
          aria-label={t('diffusions.form.window.days')}
          onChange={(_event, days: number[]) => setWindow({ days: [...days].sort((a, b) => a - b) })}
          sx={{ flexWrap: 'wrap' }}
        >
          {ISO_DAYS.map((day) => (
            <ToggleButton key={day} value={day} data-testid={`diffusion-day-${day}`} sx={{ minWidth: 48 }}>
              {weekdayName(i18n.language, day)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormHelperText error={Boolean(daysError)} data-testid="diffusion-days-help">
          {translateMessage(daysError) ?? t('diffusions.form.window.hint')}
        </FormHelperText>
      </Box>
      <NextStart window={window} scheduledAt={form.schedule === 'later' ? form.scheduled_at : null} />
    </Box>
  );
};
