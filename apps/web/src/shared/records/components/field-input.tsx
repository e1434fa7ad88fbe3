import { isListModule, type ListField, type SettingViewField, type ViewModule } from '@conversa/domain';
import { Autocomplete, createFilterOptions, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCreateListItem } from '../api/list-items';
import type { EditInput } from '../cell-edit';
import { type FieldOption, useFieldOptions } from '../use-field-options';
import { ListChip } from './list-chip';

const NEW_PREFIX = 'new:';
const filter = createFilterOptions<FieldOption>({ stringify: (option) => option.label });

export type FieldInputProps = {
  module: ViewModule;
  field: SettingViewField;
  value: EditInput;
  onChange: (value: EditInput) => void;
  /** The accessible name (and the visible label when `hasLabel`). */
  label: string;
  hasLabel?: boolean;
  /** Several choices of a single-choice field (the filter condition `in`). */
  isMultiple?: boolean;
  /** A typed name that is no tag yet offers to create it (spec: new tags inline). */
  canCreate?: boolean;
  error?: string;
  autoFocus?: boolean;
  /** A date-only input for a datetime field (a filter by whole days). */
  inputType?: 'date' | 'datetime-local';
  onKeyDown?: (event: React.KeyboardEvent) => void;
};

const TEXT_TYPES: Partial<Record<SettingViewField['type'], string>> = {
  email: 'email',
  phone: 'tel',
  number: 'text',
  money: 'text',
  date: 'date',
  datetime: 'datetime-local',
};

/** The input of one field by its type: typed text, a date, or a choice among the field's options. */
export const FieldInput = ({
  module,
  field,
  value,
  onChange,
  label,
  hasLabel = false,
  isMultiple,
  canCreate = false,
  error,
  autoFocus,
  inputType,
  onKeyDown,
}: FieldInputProps) => {
  const { t } = useTranslation();
  const options = useFieldOptions(module, field);
  const createItem = useCreateListItem();
  const multiple = isMultiple ?? (field.type === 'tags' || field.type === 'users');
  const common = {
    size: 'small' as const,
    fullWidth: true,
    autoFocus,
    error: Boolean(error),
    helperText: error,
    label: hasLabel ? label : undefined,
  };

  if (field.type === 'boolean') {
    return (
      <TextField
        {...common}
        select
        value={Array.isArray(value) ? (value[0] ?? '') : value}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ htmlInput: hasLabel ? {} : { 'aria-label': label } }}
      >
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (options.length > 0 || ['select', 'tags', 'user', 'users', 'country'].includes(field.type)) {
    const byId = new Map(options.map((option) => [option.id, option]));
    const optionOf = (id: string): FieldOption => byId.get(id) ?? { id, label: id };
    const create = async (name: string): Promise<string | undefined> => {
      // Only the modules with dynamic lists offer a new tag (a payment has none).
      if (!isListModule(module)) return undefined;
      const item = await createItem.mutateAsync({
        module,
        field: (field.list ?? 'tags') as ListField,
        name,
      });
      return item.id;
    };
    const offerNew = canCreate && field.type === 'tags';
    if (multiple) {
      const chosen = (Array.isArray(value) ? value : value ? [value] : []).map(optionOf);
      return (
        <Autocomplete
          multiple
          size="small"
          options={options}
          value={chosen}
          loading={createItem.isPending}
          isOptionEqualToValue={(option, picked) => option.id === picked.id}
          getOptionLabel={(option) => option.label}
          filterOptions={(all, state) => {
            const found = filter(all, state);
            const name = state.inputValue.trim();
            const exists = all.some((option) => option.label.toLowerCase() === name.toLowerCase());
            return offerNew && name !== '' && !exists
              ? [...found, { id: `${NEW_PREFIX}${name}`, label: t('records.edit.newTag', { name }) }]
              : found;
          }}
          onChange={async (_event, picked) => {
            const next: string[] = [];
            for (const option of picked) {
              if (option.id.startsWith(NEW_PREFIX)) {
                const id = await create(option.id.slice(NEW_PREFIX.length));
                if (id) next.push(id);
              } else {
                next.push(option.id);
              }
            }
            onChange(next);
          }}
          renderValue={(picked, getItemProps) =>
            picked.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <ListChip key={key} label={option.label} color={option.color} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              {...common}
              slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': label } }}
              onKeyDown={onKeyDown}
            />
          )}
          sx={{ minWidth: 200 }}
        />
      );
    }
    const picked = Array.isArray(value) ? value[0] : value;
    return (
      <Autocomplete
        size="small"
        options={options}
        value={picked ? optionOf(picked) : null}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        getOptionLabel={(option) => option.label}
        onChange={(_event, option) => onChange(option?.id ?? '')}
        renderInput={(params) => (
          <TextField
            {...params}
            {...common}
            slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': label } }}
            onKeyDown={onKeyDown}
          />
        )}
        sx={{ minWidth: 180 }}
      />
    );
  }

  return (
    <TextField
      {...common}
      type={inputType ?? TEXT_TYPES[field.type] ?? 'text'}
      value={Array.isArray(value) ? value.join(', ') : value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          ...(field.type === 'number' || field.type === 'money' ? { inputMode: 'decimal' } : {}),
          ...(field.type === 'phone' ? { dir: 'ltr' } : {}),
        },
        inputLabel: field.type === 'date' || field.type === 'datetime' ? { shrink: true } : undefined,
      }}
    />
  );
};
