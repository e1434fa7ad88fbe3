import { Box, Button, TableCell, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import Add from '../../../shared/icons/Add';
import { PagedTable, type PagedTableProps, type Paging } from '../../../shared/ui/paged-table';
import { visuallyHidden } from '../../../shared/ui/table-styles';

type IntegrationSectionProps = {
  testId: string;
  title: string;
  intro: string;
  /** The "New…" button, for those with setting.edit. */
  action: ReactNode;
  /** Its table, then its dialogs. */
  children: ReactNode;
};

/**
 * The frame every section of Settings → Integrations shares (bots, webhooks, PBX, CRM, API keys): a
 * section named by its heading, the heading's intro and the button that adds one.
 */
export const IntegrationSection = ({ testId, title, intro, action, children }: IntegrationSectionProps) => {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 320px', display: 'grid', gap: 0.5 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography color="text.secondary">{intro}</Typography>
        </Box>
        {action}
      </Box>
      {children}
    </Box>
  );
};

/** A section's "New…" button. */
export const AddButton = ({
  label,
  testId,
  onClick,
}: {
  label: string;
  testId: string;
  onClick: () => void;
}) => (
  <Button variant="contained" startIcon={<Add />} onClick={onClick} data-testid={testId}>
    {label}
  </Button>
);

/** A section's page: its pager, the query that reads it, and the rows it shows. */
type SectionList = {
  paging: Paging;
  query: PagedTableProps['query'] & { data?: { total: number } };
  rows: readonly unknown[];
};

type SectionTableProps = Omit<
  PagedTableProps,
  'query' | 'paging' | 'rowCount' | 'total' | 'texts' | 'columns'
> & {
  list: SectionList;
  loadFailed: string;
  /** How many columns `head` names; a last one, named only for screen readers, holds the rows' buttons. */
  columns: number;
  hasActions: boolean;
};

/** A section's paged list, with the column of its rows' buttons when they have any. */
export const SectionTable = ({
  list,
  loadFailed,
  columns,
  hasActions,
  head,
  ...props
}: SectionTableProps) => {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...props}
      query={list.query}
      paging={list.paging}
      rowCount={list.rows.length}
      total={list.query.data?.total ?? 0}
      columns={hasActions ? columns + 1 : columns}
      texts={{ loadFailed, rowsPerPage: t('settings.audit.rowsPerPage') }}
      head={
        <>
          {head}
          {hasActions && (
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('settings.integrations.column.actions')}
              </Box>
            </TableCell>
          )}
        </>
      }
    />
  );
};
