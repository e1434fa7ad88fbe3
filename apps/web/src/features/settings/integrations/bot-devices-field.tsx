import type { Device } from '@conversa/domain';
import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DeviceDot } from './integration-brand';

type BotDevicesFieldProps = {
  devices: readonly Device[];
  chosen: readonly string[];
  /** The devices another bot answers on, with its name: one bot per device, so they cannot be chosen. */
  takenBy: ReadonlyMap<string, string>;
  error: string | undefined;
  onChange: (deviceIds: string[]) => void;
};

/** The devices a bot answers on, each with its colour; one another bot answers on says which. */
export const BotDevicesField = ({ devices, chosen, takenBy, error, onChange }: BotDevicesFieldProps) => {
  const { t } = useTranslation();
  return (
    <Autocomplete<Device, true>
      multiple
      options={devices}
      value={devices.filter((device) => chosen.includes(device.id))}
      getOptionLabel={(device) => device.name}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionDisabled={(device) => takenBy.has(device.id)}
      onChange={(_event, picked) => onChange(picked.map((device) => device.id))}
      noOptionsText={t('settings.integrations.noDevices')}
      renderOption={({ key, ...props }, device) => (
        <li key={key} {...props} data-testid={`integration-device-option-${device.id}`}>
          <DeviceDot color={device.color} />
          <Box sx={{ display: 'grid' }}>
            <span>{device.name}</span>
            {takenBy.has(device.id) && (
              <Typography variant="caption" color="text.secondary">
                {t('settings.integrations.deviceTaken', { name: takenBy.get(device.id) })}
              </Typography>
            )}
          </Box>
        </li>
      )}
      renderValue={(values, getItemProps) =>
        values.map((device, index) => (
          <Chip
            {...getItemProps({ index })}
            key={device.id}
            size="small"
            icon={<DeviceDot color={device.color} />}
            label={device.name}
          />
        ))
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('settings.integrations.devices')}
          error={Boolean(error)}
          helperText={error ?? t('settings.integrations.devicesHint')}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'integration-devices' } }}
        />
      )}
    />
  );
};
