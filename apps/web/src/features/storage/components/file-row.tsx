import type { StorageFile } from '@conversa/domain';
import { Box, ButtonBase, IconButton, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/byte-size';
import { formattersFor } from '../../../shared/format/intl-format';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import DownloadOutlined from '../../../shared/icons/DownloadOutlined';
import DriveFileRenameOutline from '../../../shared/icons/DriveFileRenameOutline';
import InsertDriveFileOutlined from '../../../shared/icons/InsertDriveFileOutlined';
import { wideOnly } from '../../../shared/ui/table-styles';

export type FileAction = 'preview' | 'rename' | 'delete';

const isImage = (file: Pick<StorageFile, 'mime'>) => file.mime.startsWith('image/');

const THUMB = 40;

/** The file's type (its mime) only where the table has room for it; the name's tooltip says it too. */
export const veryWideOnly = { display: { xs: 'none', xl: 'table-cell' } };

/** The file's thumbnail when it is an image (a button that opens the preview), else a file icon. */
const Thumbnail = ({ file, onPreview }: { file: StorageFile; onPreview: () => void }) => {
  const { t } = useTranslation();
  if (!isImage(file)) {
    return (
      <Box sx={{ width: THUMB, height: THUMB, display: 'grid', placeItems: 'center', flexShrink: 0 }}>
        <InsertDriveFileOutlined color="action" />
      </Box>
    );
  }
  return (
    <ButtonBase
      onClick={onPreview}
      aria-label={t('storage.preview', { name: file.name })}
      data-testid="storage-thumbnail"
      sx={{ width: THUMB, height: THUMB, borderRadius: 1, overflow: 'hidden', flexShrink: 0 }}
    >
      <Box
        component="img"
        src={file.url}
        alt=""
        loading="lazy"
        sx={{ width: 1, height: 1, objectFit: 'cover' }}
      />
    </ButtonBase>
  );
};

/** One file: what it is and where it came from, and what the person may do with it. */
export const FileRow = ({
  file,
  who,
  may,
  onAction,
}: {
  file: StorageFile;
  who: string;
  may: Record<'edit' | 'delete', boolean>;
  onAction: (action: FileAction) => void;
}) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const size = formatBytes(file.size, i18n.language);
  const module = t(`storage.module.${file.module}`, { defaultValue: file.module });
  const when = format.dateTime(file.create_date);
  return (
    <TableRow data-testid="storage-row">
      <TableCell sx={{ maxWidth: { xs: 190, md: 300 } }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
          <Thumbnail file={file} onPreview={() => onAction('preview')} />
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 500 }} title={`${file.name} (${file.mime})`}>
              {file.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
              {module} · {size} · {format.date(file.create_date)}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={wideOnly}>{module}</TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }} data-testid="storage-size">
        {size}
      </TableCell>
      <TableCell sx={veryWideOnly}>
        <Typography variant="body2" noWrap sx={{ maxWidth: 160 }} title={file.mime}>
          {file.mime}
        </Typography>
      </TableCell>
      <TableCell sx={wideOnly}>
        <Typography variant="body2" noWrap sx={{ maxWidth: 160 }} title={who}>
          {who}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{when}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: 1 }}>
        <Tooltip title={t('storage.download')}>
          <IconButton
            size="small"
            component="a"
            href={file.url}
            download={file.name}
            aria-label={t('storage.downloadFile', { name: file.name })}
            data-testid="storage-download"
          >
            <DownloadOutlined />
          </IconButton>
        </Tooltip>
        {may.edit && (
          <Tooltip title={t('storage.rename')}>
            <IconButton
              size="small"
              aria-label={t('storage.renameFile', { name: file.name })}
              onClick={() => onAction('rename')}
              data-testid="storage-rename"
            >
              <DriveFileRenameOutline />
            </IconButton>
          </Tooltip>
        )}
        {may.delete && (
          <Tooltip title={t('storage.delete')}>
            <IconButton
              size="small"
              aria-label={t('storage.deleteFile', { name: file.name })}
              onClick={() => onAction('delete')}
              data-testid="storage-delete"
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
};
