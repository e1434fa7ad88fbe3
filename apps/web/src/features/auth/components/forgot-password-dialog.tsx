import { type RestoreInput, restoreSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useAction } from '../../../shared/use-action';
import { restore as requestRestore } from '../api/restore';

type ForgotPasswordDialogProps = { isOpen: boolean; onClose: () => void; onSent?: () => void };

/** Asks for the e-mail to send the reset link to; closed on 200, left open with the message otherwise. */
export const ForgotPasswordDialog = ({ isOpen, onClose, onSent }: ForgotPasswordDialogProps) => {
  const { t } = useTranslation();
  const restore = useAction(requestRestore);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<RestoreInput>({
    resolver: zodResolver(restoreSchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const close = () => {
    setFailure(null);
    reset();
    onClose();
  };

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const info = await restore.run(input);
      notify(info || t('forgot.sent'), 'success');
      close();
      onSent?.();
    } catch (error) {
      // A network failure shows the error's own message; a server refusal shows its info.
      setFailure(error instanceof Error ? error.message : t('errors.generic'));
    }
  });

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('forgot.title')}
      text={t('forgot.text')}
      failure={failure}
      isPending={restore.isPending}
      canSubmit={isValid}
      submitLabel={t('forgot.submit')}
      testId="forgot"
      onClose={close}
      onSubmit={submit}
    >
      <TextField
        {...register('email')}
        type="email"
        label={t('signin.email')}
        autoComplete="email"
        autoFocus
        disabled={restore.isPending}
        error={Boolean(errors.email)}
        helperText={translateMessage(errors.email?.message)}
        fullWidth
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
};
