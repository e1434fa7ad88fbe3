import type { Device, DeviceStatus } from '@conversa/domain';
import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Connected in green with a dot, disconnected outlined: readable without relying on colour alone. */
export const DeviceStatusChip = ({ status }: { status: DeviceStatus }) => {
  const { t } = useTranslation();
  const isConnected = status === 'connected';
  return (
    <Chip
      size="small"
      color={isConnected ? 'success' : 'default'}
      variant={isConnected ? 'filled' : 'outlined'}
      icon={
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: isConnected ? 'common.white' : 'text.disabled',
            ml: '8px !important',
          }}
        />
      }
      label={t(`devices.status.${status}`)}
      data-testid="device-status"
      data-status={status}
    />
  );
};

/**
 * Official (Meta's API or a partner of Meta) or unofficial (a gateway): said of real channels only; the
 * sandbox simulates a customer and is neither.
 */
export const DeviceModeChip = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  if (device.setting.conect.type === 'sandbox') return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`devices.modes.${device.mode}`)}
      data-testid="device-mode"
    />
  );
};
