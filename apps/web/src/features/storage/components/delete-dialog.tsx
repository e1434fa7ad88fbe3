import type { StorageFile } from '@conversa/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify';
import { useDeleteFile } from '../api/storage-files';

/**
 * Deleting a file removes its bytes for good: its links stop working and a message that carried it
 * shows the attachment as removed, which the question says before the person confirms.
 */
export const DeleteDialog = ({ file, onClose }: { file: StorageFile; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useDeleteFile();
  const confirm = () =>
    remove.mutate(file.id, {
      onSuccess: () => {
        notify(t('storage.deleted'), 'success');
        onClose();
      },
    });
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>{t('storage.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {t('storage.deleteQuestion', { name: file.name })}
        </DialogContentText>
        {file.module === 'message' && (
          <DialogContentText sx={{ mt: 1 }} data-testid="storage-delete-attachment">
            {t('storage.deleteAttachment')}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={remove.isPending}
          data-testid="storage-delete-confirm"
        >
          {t('storage.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
