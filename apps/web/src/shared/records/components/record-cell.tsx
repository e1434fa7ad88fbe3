import type { FieldType, RecordField } from '@conversa/domain';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCellNumber, formatMoney, formatNumber } from '../number-format';
import { countryName } from '../use-field-options';
import { type CellContext, useCellContext } from './cell-context';
import { ListChip } from './list-chip';

const MAX_CHIPS = 3;

const ids = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : value === null || value === undefined || value === ''
      ? []
      : [String(value)];

/** A day without a time is that day where the person is, not midnight in London. */
const toDate = (value: string): Date => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
};

const Text = ({ children, title, isLtr }: { children: string; title?: string; isLtr?: boolean }) => (
  <Typography
    variant="body2"
    noWrap
    title={title ?? children}
    component="span"
    dir={isLtr ? 'ltr' : undefined}
  >
    {children}
  </Typography>
);

const Chips = ({ items }: { items: { id: string; label: string; color?: string }[] }) => (
  <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
    {items.slice(0, MAX_CHIPS).map((item) => (
      <ListChip key={item.id} label={item.label} color={item.color} />
    ))}
    {items.length > MAX_CHIPS && (
      <Chip
        size="small"
        variant="outlined"
        label={`+${items.length - MAX_CHIPS}`}
        title={items.map((item) => item.label).join(', ')}
      />
    )}
  </Stack>
);

const render = (
  type: FieldType,
  value: unknown,
  context: CellContext,
  t: (key: string) => string,
  options?: RecordField['options'],
): ReactNode => {
  const { numberFormat, formatters } = context;
  if (type !== 'boolean' && (value === null || value === undefined || value === '')) return null;
  switch (type) {
    case 'text':
    case 'email':
      return (
        <Text>
          {options?.values.includes(String(value)) ? t(`${options.i18n}.${String(value)}`) : String(value)}
        </Text>
      );
    case 'phone':
      return <Text isLtr>{`+${String(value)}`}</Text>;
    case 'number':
    case 'money': {
      const number = Number(value);
      if (!Number.isFinite(number)) throw new Error(`not a number: ${String(value)}`);
      const exact = type === 'money' ? formatMoney(number, numberFormat) : formatNumber(number, numberFormat);
      const shown =
        type === 'money' ? formatMoney(number, numberFormat, true) : formatCellNumber(number, numberFormat);
      return (
        <Text isLtr title={exact}>
          {shown}
        </Text>
      );
    }
    case 'date':
    case 'datetime': {
      const date = toDate(String(value));
      if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${String(value)}`);
      return <Text>{type === 'date' ? formatters.date(date) : formatters.dateTime(date)}</Text>;
    }
    case 'boolean':
      return value === true ? (
        <Chip size="small" color="success" variant="outlined" label={t('records.cell.yes')} />
      ) : (
        <Text>{t('records.cell.no')}</Text>
      );
    case 'select':
    case 'tags':
      return (
        <Chips
          items={ids(value).map((id) => {
            const item = context.listItems.get(id);
            return { id, label: item?.name ?? id, color: item?.color };
          })}
        />
      );
    case 'enum':
      return <Text>{options ? t(`${options.i18n}.${String(value)}`) : String(value)}</Text>;
    case 'pipeline':
      return <Text>{context.pipelines.get(String(value))?.name ?? String(value)}</Text>;
    case 'stage': {
      const stage = context.stages.get(String(value));
      return (
        <Chips items={[{ id: String(value), label: stage?.name ?? String(value), color: stage?.color }]} />
      );
    }
    case 'user':
    case 'users':
      return (
        <Text>
          {ids(value)
            .map((id) => context.userNames.get(id) ?? id)
            .join(', ')}
        </Text>
      );
    case 'country': {
      const code = String(value);
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box
            component="span"
            aria-hidden="true"
            sx={{ px: 0.5, borderRadius: 0.5, bgcolor: 'action.selected', fontSize: 11, fontWeight: 600 }}
          >
            {code}
          </Box>
          <Text>{countryName(code, context.language)}</Text>
        </Stack>
      );
    }
    default:
      return <Text>{t('records.cell.undefinedType')}</Text>;
  }
};

/** A record's value shown by its field type (spec section 2, generic table cell renderer). */
export const CellValue = ({
  type,
  value,
  options,
}: {
  type: FieldType;
  value: unknown;
  /** An `enum` field's values and where their titles are. */
  options?: RecordField['options'];
}) => {
  const { t } = useTranslation();
  return <>{render(type, value, useCellContext(), t, options)}</>;
};

/** One cell that fails to render shows '-' instead of taking the table down with it. */
export class CellBoundary extends Component<
  { children: ReactNode; resetKey: unknown },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidUpdate(previous: { resetKey: unknown }) {
    // A new value (an edit, a live update) gets another chance.
    if (this.state.hasFailed && previous.resetKey !== this.props.resetKey)
      this.setState({ hasFailed: false });
  }

  override render() {
    return this.state.hasFailed ? <span data-testid="cell-failed">-</span> : this.props.children;
  }
}
