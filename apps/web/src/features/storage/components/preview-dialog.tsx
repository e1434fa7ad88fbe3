import type { StorageFile } from '@conversa/domain';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** An image of the storage at a readable size, with its download. */
export const PreviewDialog = ({ file, onClose }: { file: StorageFile; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center' }}>
        <Box
          component="img"
          src={file.url}
          alt={file.name}
          data-testid="storage-preview-image"
          sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
        />
      </DialogContent>
      <DialogActions>
        <Button href={file.url} download={file.name}>
          {t('storage.download')}
        </Button>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
