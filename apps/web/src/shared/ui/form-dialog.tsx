import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './submit-button';

export type FormDialogProps = {
  isOpen: boolean;
  title: string;
  text: string;
  /** The refusal to show above the fields, if the last submit failed. */
  failure: string | null;
  isPending: boolean;
  canSubmit: boolean;
  submitLabel: string;
  /** Prefix of the test ids: `{testId}-submit` and `{testId}-error`. */
  testId: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Another way to finish the form, shown before Cancel (the export's Extract in background). */
  extraAction?: ReactNode;
  children: ReactNode;
};

/**
 * A small form in a dialog (spec section 4): idle, then submitting with the buttons disabled and a
 * spinner, then closed by the caller on success or left open with the refusal shown.
 */
export const FormDialog = ({
  isOpen,
  title,
  text,
  failure,
  isPending,
  canSubmit,
  submitLabel,
  testId,
  onClose,
  onSubmit,
  extraAction,
  children,
}: FormDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{text}</DialogContentText>
          {failure && (
            <Alert severity="error" data-testid={`${testId}-error`}>
              {failure}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={extraAction ? { flexWrap: 'wrap', rowGap: 1 } : undefined}>
          {extraAction}
          <Button onClick={onClose} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={isPending} disabled={!canSubmit} data-testid={`${testId}-submit`}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
