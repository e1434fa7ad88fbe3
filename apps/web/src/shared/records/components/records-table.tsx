import type { FieldType, SettingViewField, Sort } from '@conversa/domain';
import {
  Box,
  Checkbox,
  CircularProgress,
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { forwardRef, type HTMLAttributes, memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type TableComponents, TableVirtuoso } from 'react-virtuoso';
import { NEW_TAB } from '../../ui/new-tab';
import { fieldTitle } from '../field-title';
import type { RecordModule, RecordRow } from '../record-module';
import { valueAt } from '../record-value';
import { EditableCell } from './editable-cell';
import { CellBoundary, CellValue } from './record-cell';

const WIDTH: Record<FieldType, number> = {
  text: 180,
  phone: 150,
  email: 220,
  number: 110,
  money: 130,
  date: 130,
  datetime: 170,
  boolean: 100,
  select: 150,
  tags: 220,
  user: 160,
  users: 200,
  country: 160,
  enum: 140,
  pipeline: 160,
  stage: 160,
};

const isNumeric = (type: FieldType) => type === 'number' || type === 'money';

/** The selection column stays in view while the table scrolls sideways. */
const stickySx = {
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  width: 48,
} as const;

export type RecordsTableProps = {
  config: RecordModule;
  fields: SettingViewField[];
  columns: string[];
  rows: RecordRow[];
  isLoading: boolean;
  isFetchingMore: boolean;
  onEndReached: () => void;
  sort: Sort | undefined;
  onSort: (sort: Sort) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  canEdit: boolean;
  onSaveField: (id: string, key: string, value: unknown) => void;
};

const components: TableComponents<RecordRow> = {
  Scroller: forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>((props, ref) => (
    <TableContainer component={Paper} variant="outlined" {...props} ref={ref} />
  )),
  Table: (props) => <Table {...props} size="small" stickyHeader sx={{ borderCollapse: 'separate' }} />,
  TableHead: forwardRef<HTMLTableSectionElement, HTMLAttributes<HTMLTableSectionElement>>((props, ref) => (
    <TableHead {...props} ref={ref} />
  )),
  TableRow: ({ item: _item, ...props }) => <TableRow hover data-testid="record-row" {...props} />,
  TableBody: forwardRef<HTMLTableSectionElement, HTMLAttributes<HTMLTableSectionElement>>((props, ref) => (
    <TableBody {...props} ref={ref} />
  )),
};

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

/**
 * The records table: a virtualised list of rows (only those on screen are in the page) with a fixed
 * header, sortable titles for sortable fields, a selection checkbox per row and editable cells.
 */
export const RecordsTable = memo(
  ({
    config,
    fields,
    columns,
    rows,
    isLoading,
    isFetchingMore,
    onEndReached,
    sort,
    onSort,
    selected,
    onToggle,
    onToggleAll,
    canEdit,
    onSaveField,
  }: RecordsTableProps) => {
    const { t } = useTranslation();
    const shown = useMemo(
      () =>
        columns.flatMap((key) => {
          const field = fields.find((item) => item.key === key);
          return field ? [field] : [];
        }),
      [columns, fields],
    );
    const selectedOnPage = rows.filter((row) => selected.has(config.rowId(row))).length;

    const header = () => (
      <TableRow>
        <TableCell padding="checkbox" sx={{ ...stickySx, zIndex: 3 }}>
          <Checkbox
            size="small"
            checked={rows.length > 0 && selectedOnPage === rows.length}
            indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
            onChange={onToggleAll}
            slotProps={{ input: { 'aria-label': t('records.table.selectAll') } }}
          />
        </TableCell>
        {shown.map((field) => (
          <TableCell
            key={field.key}
            align={isNumeric(field.type) ? 'right' : 'left'}
            sx={{ minWidth: WIDTH[field.type] ?? 160, fontWeight: 600, whiteSpace: 'nowrap' }}
            sortDirection={sort?.key === field.key ? sort.order : false}
          >
            {field.sortable ? (
              <TableSortLabel
                active={sort?.key === field.key}
                direction={sort?.key === field.key ? sort.order : 'asc'}
                onClick={() =>
                  onSort({
                    key: field.key,
                    order: sort?.key === field.key && sort.order === 'asc' ? 'desc' : 'asc',
                  })
                }
              >
                {fieldTitle(t, field)}
              </TableSortLabel>
            ) : (
              fieldTitle(t, field)
            )}
          </TableCell>
        ))}
      </TableRow>
    );

    const row = (_index: number, record: RecordRow) => {
      const id = config.rowId(record);
      return (
        <>
          <TableCell padding="checkbox" sx={stickySx}>
            <Checkbox
              size="small"
              checked={selected.has(id)}
              onChange={() => onToggle(id)}
              slotProps={{
                input: {
                  'aria-label': t('records.table.selectRow', {
                    name: String(valueAt(record, config.linkKey) ?? id),
                  }),
                },
              }}
            />
          </TableCell>
          {shown.map((field) => {
            const value = valueAt(record, field.key);
            const shownValue = (
              <CellBoundary resetKey={value}>
                <CellValue type={field.type} value={value} options={field.options} />
              </CellBoundary>
            );
            return (
              <TableCell
                key={field.key}
                align={isNumeric(field.type) ? 'right' : 'left'}
                sx={{ maxWidth: 320 }}
                data-column={field.key}
              >
                <EditableCell
                  module={config.module}
                  field={field}
                  value={value}
                  canEdit={canEdit && field.editable}
                  onSave={(next) => onSaveField(id, field.key, next)}
                >
                  {field.key === config.linkKey ? (
                    <Link
                      component={RouterLink}
                      to={config.detailPath(record)}
                      {...NEW_TAB}
                      underline="hover"
                      sx={{ display: 'block', minWidth: 0, fontWeight: 500 }}
                      data-testid="record-link"
                    >
                      {shownValue}
                    </Link>
                  ) : (
                    shownValue
                  )}
                </EditableCell>
              </TableCell>
            );
          })}
        </>
      );
    };

    if (isLoading) {
      return (
        <Paper variant="outlined" aria-busy="true" aria-label={t('common.loading')} sx={{ p: 2 }}>
          {SKELETON_ROWS.map((key) => (
            <Box key={key} sx={{ display: 'flex', gap: 2, py: 1 }}>
              <Skeleton variant="rounded" width={20} height={20} />
              <Skeleton width="25%" />
              <Skeleton width="20%" />
              <Skeleton width="30%" />
            </Box>
          ))}
        </Paper>
      );
    }

    return (
      <TableVirtuoso
        data={rows}
        components={components}
        fixedHeaderContent={header}
        itemContent={row}
        computeItemKey={(_index, record) => config.rowId(record)}
        endReached={onEndReached}
        increaseViewportBy={400}
        fixedFooterContent={
          isFetchingMore
            ? () => (
                <TableRow>
                  <TableCell colSpan={shown.length + 1} align="center" sx={{ bgcolor: 'background.paper' }}>
                    <CircularProgress size={20} aria-label={t('common.loading')} />
                  </TableCell>
                </TableRow>
              )
            : undefined
        }
        style={{ height: '100%' }}
        data-testid="records-table"
      />
    );
  },
);
