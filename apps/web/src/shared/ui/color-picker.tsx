import { Box, FormHelperText, FormLabel, Tooltip } from '@mui/material';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import Colorize from '../icons/Colorize';

type ColorPickerProps = {
  label: string;
  value: string;
  onChange: (color: string) => void;
  colors: readonly string[];
  error?: string;
  testId?: string;
};

const swatchSx = { width: 30, height: 30, borderRadius: '50%', cursor: 'pointer', p: 0, flexShrink: 0 };

/** Swatches of the palette plus any colour from the browser's picker; the chosen value shows as hex. */
export const ColorPicker = ({ label, value, onChange, colors, error, testId }: ColorPickerProps) => {
  const { t } = useTranslation();
  const labelId = useId();
  const isCustom = !colors.some((color) => color.toLowerCase() === value.toLowerCase());
  return (
    <Box data-testid={testId}>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 1, fontSize: 14 }}>
        {label}
      </FormLabel>
      <Box
        role="radiogroup"
        aria-labelledby={labelId}
        // Ten swatches a row at most, so the palette's 18 and the custom one wrap into even rows.
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, maxWidth: 10 * 38 }}
      >
        {colors.map((color) => {
          const isChosen = color.toLowerCase() === value.toLowerCase();
          return (
            <Box
              key={color}
              component="button"
              type="button"
              role="radio"
              aria-checked={isChosen}
              aria-label={color}
              onClick={() => onChange(color)}
              sx={{
                ...swatchSx,
                bgcolor: color,
                border: 1,
                borderColor: 'divider',
                outline: isChosen ? '3px solid' : 'none',
                outlineColor: 'text.primary',
                outlineOffset: 2,
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
              }}
            />
          );
        })}
        <Tooltip title={t('common.customColor')}>
          <Box
            component="label"
            sx={{
              ...swatchSx,
              position: 'relative',
              display: 'grid',
              placeItems: 'center',
              border: 1,
              borderColor: 'divider',
              background: isCustom
                ? value
                : 'conic-gradient(#f44336, #ffeb3b, #4caf50, #00bcd4, #3f51b5, #9c27b0, #f44336)',
              outline: isCustom ? '3px solid' : 'none',
              outlineColor: 'text.primary',
              outlineOffset: 2,
              '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main' },
            }}
          >
            <Colorize sx={{ fontSize: 16, color: '#fff', filter: 'drop-shadow(0 0 1px #000)' }} />
            <Box
              component="input"
              type="color"
              value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
              onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
              aria-label={`${label}: ${t('common.customColor')}`}
              sx={{ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer', width: 1, height: 1 }}
            />
          </Box>
        </Tooltip>
      </Box>
      <FormHelperText error={Boolean(error)} sx={{ fontFamily: error ? undefined : 'monospace' }}>
        {error ?? value}
      </FormHelperText>
    </Box>
  );
};
