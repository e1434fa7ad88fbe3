import { Box } from '@mui/material';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import { backgroundFor, PALETTE_BACKGROUNDS, PALETTE_COLORS } from '../../../shared/ui/color-palette';
import { ColorPicker } from '../../../shared/ui/color-picker';
import type { DeviceForm } from '../device-form';

const isPaletteBackground = (value: string) =>
  PALETTE_BACKGROUNDS.some((background) => background.toLowerCase() === value.toLowerCase());

/**
 * The device's colour and background. Choosing a palette colour brings its tint as the background,
 * unless the background was set to a custom colour, which is then kept.
 */
export const DeviceColorFields = ({
  control,
  isReadOnly = false,
}: {
  control: Control<DeviceForm>;
  isReadOnly?: boolean;
}) => {
  const { t } = useTranslation();
  const color = useController({ name: 'color', control });
  const background = useController({ name: 'background_color', control });
  const chooseColor = (value: string) => {
    if (isReadOnly) return;
    color.field.onChange(value);
    const tint = backgroundFor(value);
    if (tint && isPaletteBackground(String(background.field.value))) background.field.onChange(tint);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ColorPicker
        label={t('devices.color')}
        value={String(color.field.value)}
        onChange={chooseColor}
        colors={PALETTE_COLORS}
        error={translateMessage(color.fieldState.error?.message)}
        testId="device-color"
      />
      <ColorPicker
        label={t('devices.backgroundColor')}
        value={String(background.field.value)}
        onChange={(value) => !isReadOnly && background.field.onChange(value)}
        colors={PALETTE_BACKGROUNDS}
        error={translateMessage(background.fieldState.error?.message)}
        testId="device-background"
      />
    </Box>
  );
};
