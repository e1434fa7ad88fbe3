import type { LoginData, SigninInput, TwoFactorChallenge } from '@conversa/domain';
import { Alert, Box } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { isChallenge, storeSession, useLogin } from '../api/login';
import { signinResolver } from '../signin-rule';
import { OutlinedField } from './outlined-field';

// Only an account with two-factor reaches these: they load after the password step, not with the page.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));
const RecoveryCodesDialog = lazy(() =>
  import('../../../shared/ui/recovery-codes').then((m) => ({ default: m.RecoveryCodesDialog })),
);

type SigninFormProps = { onSignedIn: () => void; isCompact?: boolean };

/**
 * E-mail and password; submit stays disabled until both are valid (spec section 5). When the account owes a
 * second factor the form gives way to the code step; no session exists until that step succeeds.
 */
export const SigninForm = ({ onSignedIn, isCompact = false }: SigninFormProps) => {
  const { t } = useTranslation();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  // After an enrollment the session waits until the person has seen their recovery codes.
  const [enrolled, setEnrolled] = useState<{ session: LoginData; codes: string[] } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<SigninInput>({
    resolver: signinResolver,
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const { data, info } = await login.mutateAsync(input);
      if (isChallenge(data)) return setChallenge(data);
      if (info) notify(info, 'success');
      onSignedIn();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.info : t('errors.generic'));
    }
  });

  if (enrolled) {
    return (
      <Suspense fallback={null}>
        <RecoveryCodesDialog
          codes={enrolled.codes}
          onClose={() => {
            storeSession(enrolled.session);
            onSignedIn();
          }}
        />
      </Suspense>
    );
  }
  if (challenge) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          challenge={challenge}
          isCompact={isCompact}
          onSignedIn={(info, { recovery_codes: codes, ...session }) => {
            if (info) notify(info, 'success');
            if (codes) return setEnrolled({ session, codes });
            storeSession(session);
            onSignedIn();
          }}
          onRestart={(reason) => {
            setChallenge(null);
            setFailure(reason ?? null);
          }}
        />
      </Suspense>
    );
  }

  const size = isCompact ? 'small' : 'medium';
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: isCompact ? 1.5 : 2 }}>
      {failure && (
        <Alert severity="error" data-testid="signin-error">
          {failure}
        </Alert>
      )}
      <OutlinedField
        {...register('email')}
        type="email"
        label={t('signin.email')}
        autoComplete="email"
        autoFocus
        size={size}
        error={Boolean(errors.email)}
        helperText={translateMessage(errors.email?.message)}
      />
      <OutlinedField
        {...register('password')}
        type="password"
        label={t('signin.password')}
        autoComplete="current-password"
        size={size}
        error={Boolean(errors.password)}
        helperText={translateMessage(errors.password?.message)}
      />
      <SubmitButton
        isPending={login.isPending}
        size={isCompact ? 'medium' : 'large'}
        disabled={!isValid}
        data-testid="signin-submit"
      >
        {t('signin.submit')}
      </SubmitButton>
    </Box>
  );
};
