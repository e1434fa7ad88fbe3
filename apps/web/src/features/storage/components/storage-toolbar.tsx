import { STORAGE_MODULES, type StorageModuleName } from '@conversa/domain';
import { Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SearchIcon from '../../../shared/icons/Search';
import type { StorageFilterState } from '../storage-filters';

/** Search by name, the file's origin and a range of days; each change goes back to the first page. */
export const StorageToolbar = ({
  value,
  onChange,
}: {
  value: StorageFilterState;
  onChange: (next: StorageFilterState) => void;
}) => {
  const { t } = useTranslation();
  const day = (key: 'from' | 'to') => (
    <TextField
      size="small"
      type="date"
      label={t(`storage.filter.${key}`)}
      value={value[key]}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `storage-filter-${key}` } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        size="small"
        value={value.name}
        onChange={(event) => onChange({ ...value, name: event.target.value })}
        placeholder={t('storage.filter.name')}
        sx={{ flex: { xs: '1 1 100%', sm: '1 1 240px' }, maxWidth: { sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': t('storage.filter.name'), 'data-testid': 'storage-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('storage.filter.module')}
        value={value.module}
        onChange={(event) => onChange({ ...value, module: event.target.value as StorageModuleName | '' })}
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 200px' } }}
        slotProps={{ htmlInput: { 'data-testid': 'storage-filter-module' } }}
      >
        <MenuItem value="">{t('storage.filter.allModules')}</MenuItem>
        {STORAGE_MODULES.map((module) => (
          <MenuItem key={module} value={module}>
            {t(`storage.module.${module}`)}
          </MenuItem>
        ))}
      </TextField>
      {day('from')}
      {day('to')}
    </Box>
  );
};
