import type { Extraction } from '@conversa/domain';
import { Box, Button, IconButton, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { formatBytes } from '../../../shared/format/byte-size';
import { formattersFor } from '../../../shared/format/intl-format';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import DownloadOutlined from '../../../shared/icons/DownloadOutlined';
import { formatNumber } from '../../../shared/records/number-format';
import { wideOnly } from '../../../shared/ui/table-styles';
import { downloadUrlOf, keptUntil, MODULE_TITLES } from '../extraction-state';
import { ExtractionStatus } from './extraction-status';

/** One extraction: what it holds, how far it is, and its file to download while it is kept. */
export const ExtractionRow = ({
  extraction,
  who,
  canDelete,
  onDelete,
}: {
  extraction: Extraction;
  who: string;
  canDelete: boolean;
  onDelete: (anchor: HTMLElement) => void;
}) => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const format = formattersFor(i18n.language);
  const url = downloadUrlOf(extraction);
  const until = keptUntil(extraction);
  const title = `${t(MODULE_TITLES[extraction.module])} · ${extraction.format.toUpperCase()}`;
  const isDone = extraction.status === 'done';
  const rows = isDone ? formatNumber(extraction.rows, client.number_format) : '—';
  const size = isDone ? formatBytes(extraction.size, i18n.language) : '—';
  const expiry = url && until ? format.dateTime(until) : '—';
  return (
    <TableRow data-testid="extraction-row">
      <TableCell>
        <Typography sx={{ fontWeight: 500 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {who} · {format.dateTime(extraction.create_date)}
        </Typography>
        {/* A phone has no room for the other columns: their words go under the title. */}
        <Box sx={{ display: { xs: 'grid', md: 'none' }, gap: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('extractions.rowsAndSize', { rows, size })}
          </Typography>
          <ExtractionStatus extraction={extraction} />
        </Box>
      </TableCell>
      <TableCell sx={wideOnly}>
        <ExtractionStatus extraction={extraction} />
      </TableCell>
      <TableCell sx={wideOnly} data-testid="extraction-rows">
        {rows}
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{size}</TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{expiry}</TableCell>
      <TableCell align="right" sx={{ px: 1 }}>
        <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center' }}>
          {url && (
            <Button
              size="small"
              variant="outlined"
              href={url}
              download
              aria-label={t('extractions.download')}
              startIcon={<DownloadOutlined />}
              data-testid="extraction-download"
              sx={{ minWidth: 0, '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined } } }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('extractions.download')}
              </Box>
            </Button>
          )}
          {canDelete && (
            <Tooltip title={t('extractions.delete')}>
              <IconButton
                aria-label={t('extractions.deleteOne', { name: title })}
                onClick={(event) => onDelete(event.currentTarget)}
                data-testid="extraction-delete"
              >
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
};
