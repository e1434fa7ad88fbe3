import {
  Box,
  Button,
  Card,
  LinearProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ErrorOutline from '../icons/ErrorOutline';
import type { SvgIconComponent } from '../icons/svg-icon-component';
import { EmptyState } from './empty-state';
import { pagerSx } from './table-styles';

const PAGE_SIZES = [25, 50, 100];

/** A server-paged list's page (0-based, as the pager counts) and page size; filters go back to page 0. */
export const usePaging = () => {
  const [page, setPage] = useState(0);
  const [offset, setOffset] = useState(PAGE_SIZES[0] as number);
  return { page, offset, setPage, setOffset, restart: () => setPage(0) };
};
export type Paging = ReturnType<typeof usePaging>;

type PagedQuery = {
  isError: boolean;
  isSuccess: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

export type PagedTableProps = {
  query: PagedQuery;
  paging: Paging;
  /** Rows on this page, and every row the filters find. */
  rowCount: number;
  total: number;
  /** The table's accessible name and its test id. */
  label: string;
  testId: string;
  /** The header cells, and how many columns a loading row spans. */
  head: ReactNode;
  columns: number;
  texts: { loadFailed: string; rowsPerPage: string };
  /** What an empty page says: nothing yet, or nothing matching the filters. */
  empty: { icon: SvgIconComponent; title: string; description?: string };
  children: ReactNode;
};

/**
 * The read-only history tables (audit log, imports, jobs): an error with Retry, an empty state, loading
 * rows, a thin progress bar while a page refreshes, and the pager.
 */
export const PagedTable = ({
  query,
  paging,
  rowCount,
  total,
  label,
  testId,
  head,
  columns,
  texts,
  empty,
  children,
}: PagedTableProps) => {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <EmptyState
        icon={ErrorOutline}
        title={texts.loadFailed}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (query.isSuccess && rowCount === 0) {
    return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />;
  }
  return (
    <Card variant="outlined" sx={{ position: 'relative' }}>
      {query.isFetching && !query.isPending && (
        <LinearProgress
          sx={{ position: 'absolute', top: 0, insetInline: 0 }}
          aria-label={t('common.loading')}
        />
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label} aria-busy={query.isFetching}>
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody data-testid={testId}>
            {query.isPending
              ? [1, 2, 3].map((key) => (
                  <TableRow key={key}>
                    <TableCell colSpan={columns}>
                      <Skeleton height={32} />
                    </TableCell>
                  </TableRow>
                ))
              : children}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={total}
        page={paging.page}
        rowsPerPage={paging.offset}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => paging.setPage(next)}
        onRowsPerPageChange={(event) => {
          paging.setOffset(Number(event.target.value));
          paging.setPage(0);
        }}
        labelRowsPerPage={texts.rowsPerPage}
        sx={pagerSx}
      />
    </Card>
  );
};
