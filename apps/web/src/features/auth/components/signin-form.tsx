import { type SigninInput, signinSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { useLogin } from '../api/login';

type SigninFormProps = { onSignedIn: () => void; isCompact?: boolean };

/** E-mail and password; submit stays disabled until both are valid (spec section 5). */
export const SigninForm = ({ onSignedIn, isCompact = false }: SigninFormProps) => {
  const { t } = useTranslation();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<SigninInput>({
    resolver: zodResolver(signinSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const { info } = await login.mutateAsync(input);
      if (info) notify(info, 'success');
      onSignedIn();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.info : t('errors.generic'));
    }
  });

  const size = isCompact ? 'small' : 'medium';
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: isCompact ? 1.5 : 2 }}>
      {failure && (
        <Alert severity="error" data-testid="signin-error">
          {failure}
        </Alert>
      )}
      <TextField
        {...register('email')}
        type="email"
        label={t('signin.email')}
        autoComplete="email"
        autoFocus
        size={size}
        error={Boolean(errors.email)}
        helperText={translateMessage(errors.email?.message)}
        fullWidth
      />
      <TextField
        {...register('password')}
        type="password"
        label={t('signin.password')}
        autoComplete="current-password"
        size={size}
        error={Boolean(errors.password)}
        helperText={translateMessage(errors.password?.message)}
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        size={isCompact ? 'medium' : 'large'}
        disabled={!isValid || login.isPending}
        data-testid="signin-submit"
        startIcon={login.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {t('signin.submit')}
      </Button>
    </Box>
  );
};
