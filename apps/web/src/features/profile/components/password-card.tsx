import { type PasswordChangeForm, passwordChangeFormSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['current_password', 'password', 'passwordConfirm'] as const;

/** A new password needs the current one; the server ends the user's other sessions. */
export const PasswordCard = () => {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid },
  } = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    mode: 'onChange',
    defaultValues: { current_password: '', password: '', passwordConfirm: '' },
  });

  const submit = handleSubmit(async ({ current_password, password }) => {
    setFailure(null);
    try {
      const info = await change.mutateAsync({ current_password, password });
      reset();
      notify(info || t('profile.passwordDone'), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
      const fieldErrors = error.errors.filter((item) => FIELDS.some((field) => field === item.path));
      for (const item of fieldErrors)
        setError(item.path as (typeof FIELDS)[number], { message: item.message });
      if (fieldErrors.length === 0) setFailure(error.info);
    }
  });

  const labels = {
    current_password: t('profile.currentPassword'),
    password: t('profile.newPassword'),
    passwordConfirm: t('profile.confirmPassword'),
  };
  return (
    <Card>
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('profile.passwordTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('profile.passwordHelp')}
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        {FIELDS.map((field) => (
          <TextField
            key={field}
            {...register(field)}
            id={`profile-${field}`}
            type="password"
            label={labels[field]}
            autoComplete={field === 'current_password' ? 'current-password' : 'new-password'}
            error={Boolean(errors[field])}
            helperText={translateMessage(errors[field]?.message)}
            fullWidth
          />
        ))}
        <Box>
          <SubmitButton
            isPending={change.isPending}
            disabled={!isValid}
            data-testid="profile-password-submit"
          >
            {t('profile.changePassword')}
          </SubmitButton>
        </Box>
      </CardContent>
    </Card>
  );
};
