import { AUDIENCE_MODULES, type AudienceModule, type ListItem, MODULE_FIELDS } from '@conversa/domain';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import UploadFileOutlined from '../../../shared/icons/UploadFileOutlined';
import { fallbackFields } from '../../../shared/records/columns';
import { CellContextProvider } from '../../../shared/records/components/cell-context';
import { FilterBuilder } from '../../../shared/records/components/filter-builder';
import { FilterChips } from '../../../shared/records/components/filter-chips';
import type { DiffusionForm } from '../diffusion-form';

type Audience = DiffusionForm['audience'];

/**
 * Who receives it: the records of a module found by the kit's filters, those on one of the chosen smart
 * lists (the module's tags and statuses), and an optional CSV of phones and parameters.
 */
export const AudienceSection = memo(function AudienceSection({
  audience,
  onChange,
  file,
  onFile,
}: {
  audience: Audience;
  onChange: (audience: Audience) => void;
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const account = useAccount();
  const fields = useMemo(
    () =>
      account.setting_views[audience.module] ??
      fallbackFields(MODULE_FIELDS[audience.module], (key) => t(key)),
    [account.setting_views, audience.module, t],
  );
  const lists = account.list_dinamic.filter((item) => item.module === audience.module && item.status);
  const chosen = lists.filter((item) => audience.list_ids.includes(item.id));

  return (
    <CellContextProvider>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={audience.module}
          aria-label={t('diffusions.form.module')}
          onChange={(_event, module: AudienceModule | null) =>
            module && onChange({ module, drafts: [], logical: 'and', list_ids: [] })
          }
        >
          {AUDIENCE_MODULES.map((module) => (
            <ToggleButton key={module} value={module} data-testid={`diffusion-module-${module}`}>
              {t(`diffusions.modules.${module}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Autocomplete<ListItem, true>
          multiple
          options={lists}
          value={chosen}
          groupBy={(item) => t(`diffusions.form.listField.${item.field}`)}
          getOptionLabel={(item) => item.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, items) => onChange({ ...audience, list_ids: items.map((item) => item.id) })}
          renderValue={(items, getItemProps) =>
            items.map((item, index) => (
              <Chip
                {...getItemProps({ index })}
                key={item.id}
                size="small"
                label={item.name}
                sx={{ bgcolor: item.color, color: (theme) => theme.palette.getContrastText(item.color) }}
              />
            ))
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('diffusions.form.lists')}
              helperText={t('diffusions.form.listsHint')}
              slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'diffusion-lists' } }}
            />
          )}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <FilterBuilder
            key={audience.module}
            module={audience.module}
            fields={fields}
            drafts={audience.drafts}
            logical={audience.logical}
            onApply={(drafts, logical) => onChange({ ...audience, drafts, logical })}
          />
          <Typography variant="body2" color="text.secondary">
            {t('diffusions.form.filtersHint')}
          </Typography>
        </Box>
        <FilterChips
          fields={fields}
          drafts={audience.drafts}
          onChange={(drafts) => onChange({ ...audience, drafts })}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
            {t('diffusions.form.csv')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="diffusion-csv"
              onChange={(event) => onFile(event.target.files?.[0] ?? null)}
            />
          </Button>
          {file ? (
            <Chip label={file.name} onDelete={() => onFile(null)} data-testid="diffusion-csv-name" />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('diffusions.form.csvHint')}
            </Typography>
          )}
        </Box>
      </Box>
    </CellContextProvider>
  );
});
