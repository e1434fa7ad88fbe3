import type { Condition, SettingViewField, ViewModule } from '@conversa/domain';
import { Box, IconButton, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DeleteOutline from '../../icons/DeleteOutline';
import { fieldTitle } from '../field-title';
import { DAY_OFFSETS, type DateRange, type FilterDraft, NAMED_RANGES } from '../filter-values';
import { isChoiceType } from '../use-field-options';
import { FieldInput } from './field-input';

const CUSTOM = 'custom';

/** The label of a date range in the person's language; day offsets come from Intl ('hace 3 días'). */
export const useRangeLabel = () => {
  const { t, i18n } = useTranslation();
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  return (range: DateRange): string =>
    range.startsWith('day:')
      ? relative.format(Number(range.slice(4)), 'day')
      : t(`records.filters.range.${range}`);
};

const RANGES: DateRange[] = [...NAMED_RANGES, ...DAY_OFFSETS.map((offset): DateRange => `day:${offset}`)];

/** A new condition on a field: its first condition, nothing entered yet. */
export const draftFor = (field: SettingViewField): FilterDraft => ({
  key: field.key,
  type: field.type,
  condition: field.conditions[0] ?? 'equalto',
});

/** One condition of the filter builder: field, condition, and the value input the two call for. */
export const FilterRow = ({
  module,
  fields,
  draft,
  index,
  onChange,
  onRemove,
}: {
  module: ViewModule;
  fields: SettingViewField[];
  draft: FilterDraft;
  index: number;
  onChange: (draft: FilterDraft) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const rangeLabel = useRangeLabel();
  const field = fields.find((item) => item.key === draft.key);
  const number = index + 1;
  const isDate = draft.type === 'date' || draft.type === 'datetime';

  const valueInputs = () => {
    if (!field || draft.condition === 'empty' || draft.condition === 'notempty') return null;
    if (draft.condition === 'in') {
      if (isChoiceType(field.type)) {
        return (
          <FieldInput
            module={module}
            field={field}
            value={draft.values ?? []}
            isMultiple
            hasLabel
            label={t('records.filters.values')}
            onChange={(values) => onChange({ ...draft, values: Array.isArray(values) ? values : [values] })}
          />
        );
      }
      return (
        <TextField
          size="small"
          fullWidth
          label={t('records.filters.values')}
          helperText={t('records.filters.valuesHelp')}
          value={(draft.values ?? []).join(', ')}
          onChange={(event) =>
            onChange({ ...draft, values: event.target.value.split(',').map((v) => v.trimStart()) })
          }
        />
      );
    }
    if (draft.condition === 'between') {
      return (
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: isDate ? '1fr 1fr 1fr' : '1fr 1fr' },
          }}
        >
          {isDate && (
            <TextField
              select
              size="small"
              label={t('records.filters.range.label')}
              value={draft.range ?? CUSTOM}
              onChange={(event) =>
                onChange({
                  ...draft,
                  range: event.target.value === CUSTOM ? undefined : (event.target.value as DateRange),
                })
              }
            >
              <MenuItem value={CUSTOM}>{t('records.filters.range.custom')}</MenuItem>
              {RANGES.map((range) => (
                <MenuItem key={range} value={range}>
                  {rangeLabel(range)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {!draft.range && (
            <>
              <FieldInput
                module={module}
                field={field}
                value={draft.from ?? ''}
                hasLabel
                label={t('records.filters.from')}
                onChange={(from) => onChange({ ...draft, from: String(from) })}
              />
              <FieldInput
                module={module}
                field={field}
                value={draft.to ?? ''}
                hasLabel
                label={t('records.filters.to')}
                onChange={(to) => onChange({ ...draft, to: String(to) })}
              />
            </>
          )}
        </Box>
      );
    }
    return (
      <FieldInput
        module={module}
        field={field}
        value={draft.value ?? ''}
        isMultiple={false}
        hasLabel
        label={t('records.filters.value')}
        onChange={(value) => onChange({ ...draft, value: Array.isArray(value) ? (value[0] ?? '') : value })}
      />
    );
  };

  return (
    <Box
      data-testid="filter-row"
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: '1fr auto',
          md: 'minmax(160px, 1fr) minmax(150px, 1fr) minmax(220px, 2fr) auto',
        },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <TextField
        select
        size="small"
        label={t('records.filters.field')}
        value={draft.key}
        onChange={(event) => {
          const next = fields.find((item) => item.key === event.target.value);
          if (next) onChange(draftFor(next));
        }}
      >
        {fields.map((item) => (
          <MenuItem key={item.key} value={item.key}>
            {fieldTitle(t, item)}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        aria-label={t('records.filters.remove', { number })}
        onClick={onRemove}
        sx={{ gridColumn: { xs: 2, md: 4 }, gridRow: 1 }}
      >
        <DeleteOutline />
      </IconButton>
      <TextField
        select
        size="small"
        label={t('records.filters.condition.label')}
        value={draft.condition}
        onChange={(event) =>
          onChange({ key: draft.key, type: draft.type, condition: event.target.value as Condition })
        }
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        {(field?.conditions ?? []).map((condition) => (
          <MenuItem key={condition} value={condition}>
            {t(`records.filters.condition.${condition}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>{valueInputs()}</Box>
    </Box>
  );
};
