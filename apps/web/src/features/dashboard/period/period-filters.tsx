import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { type DashboardFilters, PERIOD_PRESETS, type PeriodPreset, presetPeriod } from './period';

type Props = {
  filters: DashboardFilters;
  onChange: (filters: DashboardFilters) => void;
  /** The server's word on a refused custom period, under the date it names. */
  errors: { from?: string; to?: string };
  hasDeviceFilter: boolean;
  hasUserFilter: boolean;
};

/** The period (a preset or two dates) and, where the person may narrow, the device and the user. */
export const PeriodFilters = ({ filters, onChange, errors, hasDeviceFilter, hasUserFilter }: Props) => {
  const { t } = useTranslation();
  const account = useAccount();
  const devices = account.list_device.filter(isAccountDevice);
  const choosePreset = (preset: PeriodPreset) =>
    // A custom period starts from the days shown, so the person only moves the end they care about.
    onChange({
      ...filters,
      preset,
      ...(preset === 'custom' ? {} : presetPeriod(preset, account.client.timezone)),
    });
  const narrow = (key: 'device_id' | 'user_id', value: string) => {
    const { [key]: _dropped, ...rest } = filters;
    onChange(value ? { ...rest, [key]: value } : rest);
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'repeat(auto-fill, 200px)' },
        alignItems: 'start',
      }}
    >
      <TextField
        select
        size="small"
        label={t('periodDashboard.period')}
        value={filters.preset}
        onChange={(event) => choosePreset(event.target.value as PeriodPreset)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-period' } as object } }}
      >
        {PERIOD_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`periodDashboard.presets.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      {filters.preset === 'custom' &&
        (['from', 'to'] as const).map((field) => (
          <TextField
            key={field}
            type="date"
            size="small"
            label={t(`periodDashboard.${field}`)}
            value={filters[field]}
            error={Boolean(errors[field])}
            helperText={errors[field]}
            // A half-typed date is not a day yet: the period changes once the field holds a whole one.
            onChange={(event) => event.target.value && onChange({ ...filters, [field]: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `dashboard-${field}` } }}
          />
        ))}
      {hasDeviceFilter && (
        <TextField
          select
          size="small"
          label={t('periodDashboard.device')}
          value={filters.device_id ?? ''}
          onChange={(event) => narrow('device_id', event.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-device' } as object } }}
        >
          <MenuItem value="">{t('periodDashboard.allDevices')}</MenuItem>
          {devices.map((device) => (
            <MenuItem key={device.id} value={device.id}>
              {device.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {hasUserFilter && (
        <TextField
          select
          size="small"
          label={t('periodDashboard.user')}
          value={filters.user_id ?? ''}
          onChange={(event) => narrow('user_id', event.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-user' } as object } }}
        >
          <MenuItem value="">{t('periodDashboard.allUsers')}</MenuItem>
          {account.list_user.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
};
