import { type StorageFile, TIMING } from '@conversa/domain';
import { Alert, TableCell } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../shared/account/use-account';
import FolderOutlined from '../../shared/icons/FolderOutlined';
import { PageHeader } from '../../shared/ui/page-header';
import { PagedTable, usePaging } from '../../shared/ui/paged-table';
import { visuallyHidden, wideOnly } from '../../shared/ui/table-styles';
import { useDebounced } from '../../shared/use-debounced';
import { useStorageFiles } from './api/storage-files';
import { DeleteDialog } from './components/delete-dialog';
import { type FileAction, FileRow, veryWideOnly } from './components/file-row';
import { PreviewDialog } from './components/preview-dialog';
import { RenameDialog } from './components/rename-dialog';
import { StorageToolbar } from './components/storage-toolbar';
import { UploadButton } from './components/upload-button';
import { UsageBar } from './components/usage-bar';
import { useStorageRealtime } from './realtime';
import { NO_STORAGE_FILTERS, type StorageFilterState, storageFiltersOf } from './storage-filters';

type Opened = { action: FileAction; file: StorageFile } | null;

/**
 * /app/storage: every file of the company (uploads, attachments, extractions, imports, the logo) with the
 * usage against the plan, live as files come and go.
 */
export const StoragePage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { list_user: users } = useAccount();
  const paging = usePaging();
  const [filters, setFilters] = useState<StorageFilterState>(NO_STORAGE_FILTERS);
  const [failure, setFailure] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened>(null);
  // The name is typed: it searches once the person pauses; the other filters apply at once.
  const name = useDebounced(filters.name, TIMING.searchDebounceMs);
  const search = useMemo(
    () => ({ filters: storageFiltersOf({ ...filters, name }), page: paging.page + 1, offset: paging.offset }),
    [filters, name, paging.page, paging.offset],
  );
  const files = useStorageFiles(search);
  useStorageRealtime();
  const rows = files.data?.files ?? [];
  const usage = files.data?.usage;
  const isFiltered = storageFiltersOf(filters).length > 0;
  const may = { edit: can('storage.edit'), delete: can('storage.delete') };
  const whoOf = (userId: string) =>
    userId === ''
      ? t('storage.customer')
      : (users.find((user) => user.id === userId)?.name ?? t('storage.unknownUser'));

  return (
    <>
      <PageHeader
        title={t('nav.storage')}
        subtitle={t('storage.subtitle')}
        actions={can('storage.create') && <UploadButton onFailure={setFailure} />}
      />
      {usage && <UsageBar usage={usage} />}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }} data-testid="storage-error">
          {failure}
        </Alert>
      )}
      <StorageToolbar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          paging.restart();
        }}
      />
      <PagedTable
        query={files}
        paging={paging}
        rowCount={rows.length}
        total={files.data?.total ?? 0}
        label={t('storage.tableLabel')}
        testId="storage-table"
        columns={7}
        texts={{ loadFailed: t('storage.loadFailed'), rowsPerPage: t('storage.rowsPerPage') }}
        empty={{
          icon: FolderOutlined,
          title: t(isFiltered ? 'storage.noMatch' : 'storage.empty'),
          description: isFiltered ? undefined : t('storage.emptyHelp'),
        }}
        head={
          <>
            <TableCell>{t('storage.column.name')}</TableCell>
            <TableCell sx={wideOnly}>{t('storage.column.module')}</TableCell>
            <TableCell sx={wideOnly}>{t('storage.column.size')}</TableCell>
            <TableCell sx={veryWideOnly}>{t('storage.column.type')}</TableCell>
            <TableCell sx={wideOnly}>{t('storage.column.createdBy')}</TableCell>
            <TableCell sx={wideOnly}>{t('storage.column.date')}</TableCell>
            <TableCell>
              <span style={visuallyHidden}>{t('storage.column.actions')}</span>
            </TableCell>
          </>
        }
      >
        {rows.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            who={whoOf(file.created_by)}
            may={may}
            onAction={(action) => setOpened({ action, file })}
          />
        ))}
      </PagedTable>
      {opened?.action === 'preview' && <PreviewDialog file={opened.file} onClose={() => setOpened(null)} />}
      {opened?.action === 'rename' && <RenameDialog file={opened.file} onClose={() => setOpened(null)} />}
      {opened?.action === 'delete' && <DeleteDialog file={opened.file} onClose={() => setOpened(null)} />}
    </>
  );
};
