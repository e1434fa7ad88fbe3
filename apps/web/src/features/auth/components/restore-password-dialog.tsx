import { type RestoreConfirmForm, restoreConfirmFormSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useAction } from '../../../shared/use-action';
import { restoreConfirm } from '../api/restore-confirm';

type RestorePasswordDialogProps = { token: string; onClose: () => void };

/** Opened by the e-mailed link /signin?restore=<token>: the person chooses a new password. */
export const RestorePasswordDialog = ({ token, onClose }: RestorePasswordDialogProps) => {
  const { t } = useTranslation();
  const confirm = useAction(restoreConfirm);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<RestoreConfirmForm>({
    resolver: zodResolver(restoreConfirmFormSchema),
    mode: 'onChange',
    defaultValues: { token, password: '', passwordConfirm: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const info = await confirm.run({ token, password });
      notify(info || t('restore.done'), 'success');
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('errors.generic'));
    }
  });

  return (
    <FormDialog
      isOpen
      title={t('restore.title')}
      text={t('restore.text')}
      failure={failure}
      isPending={confirm.isPending}
      canSubmit={isValid}
      submitLabel={t('restore.submit')}
      testId="restore"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        {...register('password')}
        type="password"
        label={t('restore.password')}
        autoComplete="new-password"
        autoFocus
        error={Boolean(errors.password)}
        helperText={translateMessage(errors.password?.message) ?? t('signup.passwordHint')}
        fullWidth
        sx={{ mt: 1 }}
      />
      <TextField
        {...register('passwordConfirm')}
        type="password"
        label={t('restore.passwordConfirm')}
        autoComplete="new-password"
        error={Boolean(errors.passwordConfirm)}
        helperText={translateMessage(errors.passwordConfirm?.message)}
        fullWidth
      />
    </FormDialog>
  );
};
