import { NUMBER_FORMATS } from '@conversa/domain';
import {
  Box,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/records/number-format';
import { NUMBER_FORMAT_CODES, type NumberFormatCode, PREVIEW_AMOUNT } from './number-format';

type FormWithFormat = { name: string; phone: string; timezone: string; format: NumberFormatCode | '' };

/**
 * CL or US, each shown on an amount the person can type, so the choice is seen before it is saved: the
 * same figure reads 1.234.568 in one style and $1,234,567.89 in the other.
 */
export const NumberFormatChoice = ({
  control,
  current,
  isDisabled,
}: {
  control: Control<FormWithFormat>;
  current: NumberFormatCode | '';
  isDisabled: boolean;
}) => {
  const { t } = useTranslation();
  const labelId = useId();
  const [amountText, setAmountText] = useState(String(PREVIEW_AMOUNT));
  const amount = Number(amountText.replace(',', '.'));
  const shown = Number.isFinite(amount) ? amount : 0;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormLabel id={labelId}>{t('settings.company.numberFormat')}</FormLabel>
      <Controller
        control={control}
        name="format"
        render={({ field }) => (
          <RadioGroup
            aria-labelledby={labelId}
            value={field.value}
            onChange={(_event, value) => field.onChange(value)}
            sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          >
            {NUMBER_FORMAT_CODES.map((code) => (
              <Paper
                key={code}
                variant="outlined"
                sx={{
                  px: 1.5,
                  py: 1,
                  borderColor: field.value === code ? 'primary.main' : 'divider',
                  borderWidth: field.value === code ? 2 : 1,
                }}
              >
                <FormControlLabel
                  value={code}
                  disabled={isDisabled}
                  control={
                    <Radio slotProps={{ input: { 'data-testid': `number-format-${code}` } as object }} />
                  }
                  label={
                    <Box>
                      <Typography sx={{ fontWeight: 500 }}>{t(`settings.company.format.${code}`)}</Typography>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        dir="ltr"
                        sx={{ fontFamily: 'monospace' }}
                      >
                        {formatMoney(PREVIEW_AMOUNT, NUMBER_FORMATS[code])}
                      </Typography>
                    </Box>
                  }
                  sx={{ m: 0, width: 1 }}
                />
              </Paper>
            ))}
          </RadioGroup>
        )}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          id="number-format-amount"
          size="small"
          label={t('settings.company.previewAmount')}
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'number-format-amount' } }}
          sx={{ width: 200 }}
        />
        <Box aria-live="polite" sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('settings.company.preview')}
          </Typography>
          <Typography
            variant="h6"
            component="p"
            dir="ltr"
            sx={{ fontFamily: 'monospace' }}
            data-testid="number-format-preview"
          >
            {current ? formatMoney(shown, NUMBER_FORMATS[current]) : '-'}
          </Typography>
          {current && (
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              data-testid="number-format-compact"
            >
              {t('settings.company.previewCompact', {
                value: formatMoney(shown, NUMBER_FORMATS[current], true),
              })}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
};
