import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '../payment-period';

type PeriodPickerProps = {
  period: Period;
  from: string;
  to: string;
  onChange: (period: Period, from?: string, to?: string) => void;
};

/** Today, this week, month or year, or two days of the person's choice. */
export const PeriodPicker = ({ period, from, to, onChange }: PeriodPickerProps) => {
  const { t } = useTranslation();
  const day = (label: string, value: string, change: (next: string) => void, testId: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value}
      onChange={(event) => change(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('payments.period.label')}
        value={period}
        onChange={(event) => onChange(event.target.value as Period, from, to)}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': 'payment-period' } }}
      >
        {PERIODS.map((item) => (
          <MenuItem key={item} value={item} data-testid={`payment-period-${item}`}>
            {t(`payments.period.${item}`)}
          </MenuItem>
        ))}
      </TextField>
      {period === 'custom' && (
        <>
          {day(
            t('payments.period.from'),
            from,
            (next) => onChange('custom', next, to),
            'payment-period-from',
          )}
          {day(t('payments.period.to'), to, (next) => onChange('custom', from, next), 'payment-period-to')}
        </>
      )}
    </Box>
  );
};
