import type { Sort } from '@conversa/domain';
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  Paper,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/use-account';
import FileDownloadOutlined from '../../icons/FileDownloadOutlined';
import FileUploadOutlined from '../../icons/FileUploadOutlined';
import SearchIcon from '../../icons/Search';
import SearchOffOutlined from '../../icons/SearchOffOutlined';
import ViewColumnOutlined from '../../icons/ViewColumnOutlined';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import type { BulkTarget } from '../api/bulk-records';
import { type RecordsQuery, useRecordsSearch } from '../api/search-records';
import { useUpdateRecordField } from '../api/update-record';
import { fieldTitle } from '../field-title';
import { formatNumber } from '../number-format';
import type { RecordModule } from '../record-module';
import { useRecordAccess } from '../use-record-access';
import { useRecordsRealtime } from '../use-records-realtime';
import { type RecordsState, useRecordsState } from '../use-records-state';
import { useSaveColumns } from '../use-save-columns';
import { BulkBar } from './bulk-bar';
import { CellContextProvider } from './cell-context';
import { ColumnDialog } from './column-dialog';
import { ExportDialog } from './export-dialog';
import { FilterBuilder } from './filter-builder';
import { FilterChips } from './filter-chips';
import { ImportDialog } from './import-dialog';
import { RecordsTable } from './records-table';
import { ViewPicker } from './view-picker';

type Selection = { isAll: boolean; ids: ReadonlySet<string> };

/** An outlined button with its text, or only its icon (named for screen readers and in a tooltip). */
const ToolButton = ({
  isCompact,
  icon,
  label,
  onClick,
  testId,
}: {
  isCompact: boolean;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  testId: string;
}) =>
  isCompact ? (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
        color="primary"
      >
        {icon}
      </IconButton>
    </Tooltip>
  ) : (
    <Button variant="outlined" startIcon={icon} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
const NOTHING: Selection = { isAll: false, ids: new Set() };

export type RecordsPageProps = {
  config: RecordModule;
  subtitle?: string;
  /** The module's own buttons beside import and export: its create button, a list/board switch. */
  actions?: ReactNode;
  /** Shown instead of the table (a kanban board), under the same search and filters. */
  board?: (query: RecordsQuery) => ReactNode;
  /**
   * Shown under the toolbar with the table's state: what the module adds to the kit's filters and what it
   * sums of the filtered records (the payments page's period and totals).
   */
  summary?: (records: RecordsState) => ReactNode;
};

/**
 * The records page every module on the kit mounts: title, search (900 ms), filter builder, columns,
 * saved views, export and import, a bulk bar for the chosen rows, and the virtualised table.
 */
export const RecordsPage = (props: RecordsPageProps) => (
  <CellContextProvider>
    <RecordsPageBody {...props} />
  </CellContextProvider>
);

const RecordsPageBody = ({ config, subtitle, actions, board, summary }: RecordsPageProps) => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const may = useRecordAccess(config);
  const theme = useTheme();
  // On a phone the header's file buttons and the columns button keep only their icons.
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const records = useRecordsState(config);
  const { state, fields, query, change } = records;
  const search = useRecordsSearch(config, query);
  const updateField = useUpdateRecordField(config);
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const [isColumnsOpen, setIsColumnsOpen] = useState(false);
  const [isExportOpen, setIsExportOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  useRecordsRealtime(config);

  const rows = useMemo(() => {
    // A page read after rows were added repeats a few of them.
    const seen = new Set<string>();
    return (search.data?.pages ?? []).flatMap((page) =>
      page.items.filter((row) => {
        const id = config.rowId(row);
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      }),
    );
  }, [search.data, config]);
  const total = search.data?.pages.at(-1)?.total ?? 0;
  const isTotalCapped = search.data?.pages.at(-1)?.more === true;

  // Another search is another set of rows: a choice made on the former one does not carry over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is the trigger
  useEffect(() => setSelection(NOTHING), [query]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const toggle = useCallback(
    (id: string) =>
      setSelection((current) => {
        const ids = new Set(current.ids);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { isAll: false, ids };
      }),
    [],
  );
  const toggleAll = useCallback(
    () =>
      setSelection((current) =>
        current.ids.size >= rows.length && rows.length > 0
          ? NOTHING
          : { isAll: false, ids: new Set(rows.map(config.rowId)) },
      ),
    [rows, config.rowId],
  );
  const onSort = useCallback((sort: Sort) => change({ sort }), [change]);
  const { mutate: saveField } = updateField;
  const onSaveField = useCallback(
    (id: string, key: string, value: unknown) => saveField({ id, key, value }),
    [saveField],
  );
  const { canSaveView, saveColumns } = useSaveColumns(config, records);
  const columnOptions = useMemo(
    () => fields.map((field) => ({ key: field.key, label: fieldTitle(t, field) })),
    [fields, t],
  );

  const chosenCount = selection.isAll ? total : selection.ids.size;
  const target: BulkTarget = selection.isAll
    ? { find: { filters: query.filters, logical: query.logical } }
    : { ids: [...selection.ids] };
  const hasFilters = query.filters.length > 0;
  const count = (value: number) => formatNumber(value, client.number_format);

  const header = (
    <PageHeader
      title={t(config.titleKey)}
      subtitle={subtitle}
      actions={
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
            // On a phone the buttons take their own row under the title.
            flexBasis: { xs: '100%', sm: 'auto' },
          }}
        >
          {may('import') && (
            <ToolButton
              isCompact={isPhone}
              icon={<FileUploadOutlined />}
              label={t('records.import.button')}
              onClick={() => setIsImportOpen(true)}
              testId="open-import"
            />
          )}
          {may('export') && (
            <ToolButton
              isCompact={isPhone}
              icon={<FileDownloadOutlined />}
              label={t('records.export.button')}
              onClick={() => setIsExportOpen(true)}
              testId="open-export"
            />
          )}
          {actions}
        </Box>
      }
    />
  );

  // Names and phones for people; a deal, a payment or a task is looked up by its one search field.
  const searchField = fields.find((field) => field.key === config.searchKey);
  const searchPlaceholder =
    config.phoneKey || !searchField
      ? t('records.search.placeholder')
      : t('records.search.byField', { field: fieldTitle(t, searchField).toLocaleLowerCase(i18n.language) });

  const toolbar = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        size="small"
        value={state.search}
        onChange={(event) => change({ search: event.target.value })}
        placeholder={searchPlaceholder}
        sx={{ flex: { xs: '1 1 100%', sm: '1 1 240px' }, maxWidth: { sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': t('records.search.label'), 'data-testid': 'records-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <FilterBuilder
        module={config.module}
        fields={fields}
        drafts={state.drafts}
        logical={state.logical}
        onApply={(drafts, logical) => change({ drafts, logical })}
      />
      {!board && (
        <ToolButton
          isCompact={isPhone}
          icon={<ViewColumnOutlined />}
          label={t('records.columns.title')}
          onClick={() => setIsColumnsOpen(true)}
          testId="open-columns"
        />
      )}
      <ViewPicker config={config} records={records} />
      <Box sx={{ flex: 1 }} />
      {!board && search.data && (
        <Typography variant="body2" color="text.secondary" data-testid="records-count" aria-live="polite">
          {t('records.table.count', {
            shown: count(rows.length),
            total: `${count(total)}${isTotalCapped ? '+' : ''}`,
          })}
        </Typography>
      )}
    </Box>
  );

  const body = () => {
    if (board) return board(query);
    if (search.isError) {
      return (
        <Paper variant="outlined">
          <EmptyState
            icon={SearchOffOutlined}
            title={t('records.table.loadFailed')}
            action={<Button onClick={() => void search.refetch()}>{t('common.retry')}</Button>}
          />
        </Paper>
      );
    }
    if (search.isSuccess && rows.length === 0) {
      return (
        <Paper variant="outlined">
          <EmptyState
            icon={SearchOffOutlined}
            title={t(hasFilters ? 'records.table.noResults' : 'records.table.empty')}
            description={t(hasFilters ? 'records.table.noResultsHelp' : 'records.table.emptyHelp')}
            action={
              hasFilters ? (
                <Button onClick={() => change({ drafts: [], search: '' })}>
                  {t('records.filters.clear')}
                </Button>
              ) : undefined
            }
          />
        </Paper>
      );
    }
    return (
      <Box
        sx={{ height: { xs: 'max(420px, calc(100dvh - 260px))', md: 'max(420px, calc(100dvh - 300px))' } }}
      >
        <RecordsTable
          config={config}
          fields={fields}
          columns={state.columns}
          rows={rows}
          isLoading={search.isPending}
          isFetchingMore={isFetchingNextPage}
          onEndReached={loadMore}
          sort={state.sort}
          onSort={onSort}
          selected={selection.isAll ? new Set(rows.map(config.rowId)) : selection.ids}
          onToggle={toggle}
          onToggleAll={toggleAll}
          canEdit={may('edit')}
          onSaveField={onSaveField}
        />
      </Box>
    );
  };

  return (
    // One track no wider than the page: a wide board or table scrolls inside it, never the page.
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {header}
      {toolbar}
      {summary?.(records)}
      <FilterChips fields={fields} drafts={state.drafts} onChange={(drafts) => change({ drafts })} />
      {chosenCount > 0 && !board && (
        <BulkBar
          config={config}
          fields={fields}
          count={chosenCount}
          total={total}
          canSelectAll={!selection.isAll && selection.ids.size === rows.length && total > rows.length}
          target={target}
          onSelectAll={() => setSelection({ isAll: true, ids: new Set() })}
          onClear={() => setSelection(NOTHING)}
        />
      )}
      {body()}
      <ColumnDialog
        isOpen={isColumnsOpen}
        options={columnOptions}
        selected={state.columns}
        submitLabel={t(canSaveView ? 'records.columns.update' : 'records.columns.create')}
        onClose={() => setIsColumnsOpen(false)}
        onSave={(columns) => {
          saveColumns(columns);
          setIsColumnsOpen(false);
        }}
      />
      <ExportDialog
        key={state.columns.join()}
        config={config}
        fields={fields}
        columns={state.columns}
        query={query}
        total={total}
        isOpen={isExportOpen}
        onClose={() => setIsExportOpen(false)}
      />
      <ImportDialog config={config} isOpen={isImportOpen} onClose={() => setIsImportOpen(false)} />
    </Box>
  );
};
