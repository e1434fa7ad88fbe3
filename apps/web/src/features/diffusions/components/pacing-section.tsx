import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import { type DiffusionForm, type FormErrors, PACING_KEYS, type PacingKey } from '../diffusion-form';

const UNIT: Record<PacingKey, 'seconds' | 'messages'> = {
  min_interval: 'seconds',
  max_interval: 'seconds',
  min_batch: 'messages',
  max_batch: 'messages',
  min_pause: 'seconds',
  max_pause: 'seconds',
};

/**
 * The pace that protects the number (spec section 3): a random wait between messages, batches of a random
 * size and a random pause between batches, each between its minimum and maximum; and the monthly replies cap.
 */
export const PacingSection = ({
  form,
  errors,
  onChange,
}: {
  form: Pick<DiffusionForm, 'pacing' | 'max_monthly_responses'>;
  errors: FormErrors;
  onChange: (patch: Partial<DiffusionForm>) => void;
}) => {
  const { t } = useTranslation();
  const number = (label: string, value: string, error: string | undefined, hint: string, testId: string) => ({
    label,
    value,
    required: true,
    error: Boolean(error),
    helperText: translateMessage(error) ?? hint,
    slotProps: { htmlInput: { inputMode: 'numeric' as const, dir: 'ltr', 'data-testid': testId } },
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {PACING_KEYS.map((key) => (
        <TextField
          key={key}
          {...number(
            t(`diffusions.form.pacing.${key}`),
            form.pacing[key],
            errors[`pacing.${key}`],
            t(`diffusions.form.unit.${UNIT[key]}`),
            `diffusion-pacing-${key}`,
          )}
          onChange={(event) => onChange({ pacing: { ...form.pacing, [key]: event.target.value } })}
        />
      ))}
      <TextField
        {...number(
          t('diffusions.form.maxMonthly'),
          form.max_monthly_responses,
          errors.max_monthly_responses,
          t('diffusions.form.maxMonthlyHint'),
          'diffusion-max-monthly',
        )}
        onChange={(event) => onChange({ max_monthly_responses: event.target.value })}
      />
    </Box>
  );
};
