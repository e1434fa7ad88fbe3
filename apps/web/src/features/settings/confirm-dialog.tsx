import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  isPending: boolean;
  testId: string;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before a change that cannot simply be undone (deleting, deactivating). */
export const ConfirmDialog = ({
  isOpen,
  title,
  text,
  confirmLabel,
  isPending,
  testId,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onCancel}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={isPending}
          onClick={onConfirm}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
