import type { SettingViewField } from '@conversa/domain';
import { Box, Button, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fieldTitle } from '../field-title';
import type { FilterDraft } from '../filter-values';
import { countryName } from '../use-field-options';
import { useCellContext } from './cell-context';
import { useRangeLabel } from './filter-row';

/** A calendar day where the person is (new Date('2026-04-15') would be midnight in London). */
const localDay = (value: string) => {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1);
};

/** The applied conditions as removable chips under the toolbar, in words: "Etapa es igual a Nuevo". */
export const FilterChips = ({
  fields,
  drafts,
  onChange,
}: {
  fields: SettingViewField[];
  drafts: FilterDraft[];
  onChange: (drafts: FilterDraft[]) => void;
}) => {
  const { t } = useTranslation();
  const rangeLabel = useRangeLabel();
  const { listItems, userNames, pipelines, stages, language, formatters } = useCellContext();
  if (drafts.length === 0) return null;

  const valueText = (draft: FilterDraft, value: string): string => {
    switch (draft.type) {
      case 'select':
      case 'tags':
        return listItems.get(value)?.name ?? value;
      case 'user':
      case 'users':
        return userNames.get(value) ?? value;
      case 'country':
        return countryName(value, language);
      case 'boolean':
        return t(value === 'true' ? 'records.cell.yes' : 'records.cell.no');
      case 'enum': {
        const options = fields.find((item) => item.key === draft.key)?.options;
        return options ? t(`${options.i18n}.${value}`) : value;
      }
      case 'pipeline':
        return pipelines.get(value)?.name ?? value;
      case 'stage':
        return stages.get(value)?.name ?? value;
      case 'date':
        return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatters.date(localDay(value)) : value;
      case 'datetime':
        return Number.isNaN(Date.parse(value)) ? value : formatters.dateTime(new Date(value));
      default:
        return value;
    }
  };
  const labelOf = (draft: FilterDraft): string => {
    const field = fields.find((item) => item.key === draft.key);
    const parts = [
      field ? fieldTitle(t, field) : draft.key,
      t(`records.filters.condition.${draft.condition}`),
    ];
    if (draft.condition === 'between') {
      parts.push(
        draft.range
          ? rangeLabel(draft.range)
          : [draft.from, draft.to]
              .filter(Boolean)
              .map((value) => valueText(draft, value ?? ''))
              .join(' – '),
      );
    } else if (draft.condition === 'in') {
      parts.push((draft.values ?? []).map((value) => valueText(draft, value)).join(', '));
    } else if (draft.value !== undefined) {
      parts.push(valueText(draft, draft.value));
    }
    return parts.filter(Boolean).join(' ');
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="filter-chips">
      {drafts.map((draft, index) => (
        <Chip
          // biome-ignore lint/suspicious/noArrayIndexKey: a condition has no identity besides its place
          key={index}
          label={labelOf(draft)}
          onDelete={() => onChange(drafts.filter((_draft, at) => at !== index))}
          sx={{ maxWidth: 360 }}
        />
      ))}
      <Button size="small" onClick={() => onChange([])}>
        {t('records.filters.clear')}
      </Button>
    </Box>
  );
};
