import type { Extraction } from '@conversa/domain';
import { Button, TableCell } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../shared/account/use-account';
import Add from '../../shared/icons/Add';
import FileDownloadOutlined from '../../shared/icons/FileDownloadOutlined';
import { notify } from '../../shared/notify';
import { ConfirmPopover } from '../../shared/records/components/confirm-popover';
import { PageHeader } from '../../shared/ui/page-header';
import { PagedTable, usePaging } from '../../shared/ui/paged-table';
import { visuallyHidden, wideOnly } from '../../shared/ui/table-styles';
import { useDeleteExtraction, useExtractions } from './api/extractions';
import { ExtractionRow } from './components/extraction-row';
import { NewExtractionDialog } from './components/new-extraction-dialog';
import { useExtractionsRealtime } from './realtime';

type Deleting = { extraction: Extraction; anchor: HTMLElement } | null;

/** /app/extractions: the company's data extractions, newest first, live while they are written. */
export const ExtractionsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { list_user: users } = useAccount();
  const paging = usePaging();
  const extractions = useExtractions(paging.page + 1, paging.offset);
  const remove = useDeleteExtraction();
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<Deleting>(null);
  useExtractionsRealtime();
  const rows = extractions.data?.extractions ?? [];
  const whoOf = (userId: string) =>
    users.find((user) => user.id === userId)?.name ?? t('extractions.unknownUser');

  return (
    <>
      <PageHeader
        title={t('nav.extractions')}
        subtitle={t('extractions.subtitle')}
        actions={
          can('extraction.create') && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setIsCreating(true)}
              data-testid="extraction-new"
            >
              {t('extractions.new')}
            </Button>
          )
        }
      />
      <PagedTable
        query={extractions}
        paging={paging}
        rowCount={rows.length}
        total={extractions.data?.total ?? 0}
        label={t('extractions.tableLabel')}
        testId="extractions-table"
        columns={6}
        texts={{ loadFailed: t('extractions.loadFailed'), rowsPerPage: t('extractions.rowsPerPage') }}
        empty={{
          icon: FileDownloadOutlined,
          title: t('extractions.empty'),
          description: t('extractions.emptyHelp'),
        }}
        head={
          <>
            <TableCell>{t('extractions.column.what')}</TableCell>
            <TableCell sx={wideOnly}>{t('extractions.column.status')}</TableCell>
            <TableCell sx={wideOnly}>{t('extractions.column.rows')}</TableCell>
            <TableCell sx={wideOnly}>{t('extractions.column.size')}</TableCell>
            <TableCell sx={wideOnly}>{t('extractions.column.expiry')}</TableCell>
            <TableCell>
              <span style={visuallyHidden}>{t('extractions.column.actions')}</span>
            </TableCell>
          </>
        }
      >
        {rows.map((extraction) => (
          <ExtractionRow
            key={extraction.id}
            extraction={extraction}
            who={whoOf(extraction.created_by)}
            canDelete={can('extraction.delete')}
            onDelete={(anchor) => setDeleting({ extraction, anchor })}
          />
        ))}
      </PagedTable>
      <ConfirmPopover
        anchor={deleting?.anchor ?? null}
        question={t('extractions.deleteQuestion')}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.extraction.id, {
            onSuccess: () => {
              notify(t('extractions.deleted'), 'success');
              setDeleting(null);
            },
          })
        }
      />
      {isCreating && <NewExtractionDialog onClose={() => setIsCreating(false)} />}
    </>
  );
};
