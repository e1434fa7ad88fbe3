import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/ui/form-dialog';

type LostReasonDialogProps = {
  /** The deal being lost, by name; the dialog is closed while undefined. */
  dealName: string | undefined;
  isPending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
};

/** Losing a deal asks why (spec section 4): the reason is required. */
export const LostReasonDialog = ({ dealName, isPending, onClose, onConfirm }: LostReasonDialogProps) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <FormDialog
      isOpen={dealName !== undefined}
      title={t('deals.lost.title', { name: dealName ?? '' })}
      text={t('deals.lost.text')}
      failure={null}
      isPending={isPending}
      canSubmit={reason.trim() !== ''}
      submitLabel={t('deals.lost.submit')}
      testId="deal-lost"
      onClose={close}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') return;
        onConfirm(reason.trim());
        setReason('');
      }}
    >
      <TextField
        label={t('records.field.lostReason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        autoFocus
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'deal-lost-reason' } }}
      />
    </FormDialog>
  );
};
