import { type Newsletter, TIMING } from '@conversa/domain';
import { Box, Button, IconButton, TableCell, TableRow, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import Add from '../../../shared/icons/Add';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../shared/icons/EditOutlined';
import NewspaperOutlined from '../../../shared/icons/NewspaperOutlined';
import { notify } from '../../../shared/notify';
import { ConfirmPopover } from '../../../shared/records/components/confirm-popover';
import { PageHeader } from '../../../shared/ui/page-header';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { wideOnly } from '../../../shared/ui/table-styles';
import { useDebounced } from '../../../shared/use-debounced';
import { useDeleteNewsletter, useNewslettersPage } from '../api/newsletters';
import { CategoryChip, StatusChip } from '../components/newsletter-chips';
import { NewsletterFormDialog } from '../components/newsletter-form-dialog';
import { formatReleaseDate } from '../release-date';

const NewsletterRow = ({ newsletter, onEdit }: { newsletter: Newsletter; onEdit: () => void }) => {
  const { t, i18n } = useTranslation();
  const remove = useDeleteNewsletter();
  const [confirmAnchor, setConfirmAnchor] = useState<HTMLElement | null>(null);
  return (
    <TableRow data-testid="newsletter-row">
      <TableCell sx={{ fontWeight: 600 }}>{newsletter.title}</TableCell>
      <TableCell>
        <CategoryChip category={newsletter.category} />
      </TableCell>
      <TableCell>
        <StatusChip status={newsletter.status} />
      </TableCell>
      <TableCell>{formatReleaseDate(i18n.language, newsletter.release_date)}</TableCell>
      <TableCell sx={wideOnly}>
        {newsletter.show_login_date ? formattersFor(i18n.language).dateTime(newsletter.show_login_date) : '—'}
      </TableCell>
      <TableCell sx={wideOnly}>
        {newsletter.popup ? t('newsletters.pages', { count: newsletter.popup.items.length }) : '—'}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('newsletters.edit')}>
          <IconButton aria-label={t('newsletters.edit')} onClick={onEdit} data-testid="newsletter-edit">
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('newsletters.delete')}>
          <IconButton
            aria-label={t('newsletters.delete')}
            onClick={(event) => setConfirmAnchor(event.currentTarget)}
            data-testid="newsletter-delete"
          >
            <DeleteOutline />
          </IconButton>
        </Tooltip>
        <ConfirmPopover
          anchor={confirmAnchor}
          question={t('newsletters.deleteQuestion', { title: newsletter.title })}
          isPending={remove.isPending}
          onCancel={() => setConfirmAnchor(null)}
          onConfirm={() =>
            remove.mutate(newsletter.id, {
              onSuccess: () => {
                setConfirmAnchor(null);
                notify(t('newsletters.deleted'), 'success');
              },
            })
          }
        />
      </TableCell>
    </TableRow>
  );
};

/** The master's console of release news and pop-ups: search by title, create, edit, delete. */
export const NewslettersPage = () => {
  const { t } = useTranslation();
  const paging = usePaging();
  const [text, setText] = useState('');
  const searched = useDebounced(text, TIMING.searchDebounceMs);
  const result = useNewslettersPage({ text: searched, page: paging.page + 1, offset: paging.offset });
  const newsletters = result.data?.items ?? [];
  // undefined: closed; null: a new one; a newsletter: that one edited.
  const [editing, setEditing] = useState<Newsletter | null | undefined>(undefined);

  return (
    <Box>
      <PageHeader
        title={t('nav.newsletters')}
        subtitle={t('newsletters.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing(null)}
            data-testid="newsletter-new"
          >
            {t('newsletters.create')}
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          size="small"
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            paging.restart();
          }}
          label={t('newsletters.searchTitle')}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { 'data-testid': 'newsletters-search' } }}
        />
        <PagedTable
          query={result}
          paging={paging}
          rowCount={newsletters.length}
          total={result.data?.pagination.total ?? 0}
          label={t('newsletters.tableLabel')}
          testId="newsletters-table"
          columns={7}
          texts={{ loadFailed: t('newsletters.loadFailed'), rowsPerPage: t('newsletters.rowsPerPage') }}
          empty={{
            icon: NewspaperOutlined,
            title: t(searched.trim() ? 'newsletters.noMatch' : 'newsletters.empty'),
          }}
          head={
            <>
              <TableCell>{t('newsletters.form.title')}</TableCell>
              <TableCell>{t('newsletters.form.category')}</TableCell>
              <TableCell>{t('newsletters.form.status')}</TableCell>
              <TableCell>{t('newsletters.form.release_date')}</TableCell>
              <TableCell sx={wideOnly}>{t('newsletters.form.show_login_date')}</TableCell>
              <TableCell sx={wideOnly}>{t('newsletters.popupColumn')}</TableCell>
              <TableCell />
            </>
          }
        >
          {newsletters.map((newsletter) => (
            <NewsletterRow
              key={newsletter.id}
              newsletter={newsletter}
              onEdit={() => setEditing(newsletter)}
            />
          ))}
        </PagedTable>
      </Box>
      {editing !== undefined && (
        <NewsletterFormDialog newsletter={editing ?? undefined} onClose={() => setEditing(undefined)} />
      )}
    </Box>
  );
};
