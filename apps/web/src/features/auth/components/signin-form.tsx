import type { LoginData, SigninInput, TwoFactorChallenge } from '@conversa/domain';
import { Box } from '@mui/material';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useAction } from '../../../shared/use-action';
import { isChallenge, login, storeSession } from '../api/login';
import { checkSignin } from '../signin-rule';
import { OutlinedField } from './outlined-field';

// A refused sign-in's alert (MUI's Alert brings Paper, IconButton and its icons) loads when it is needed.
const Alert = lazy(() => import('@mui/material/Alert'));
// Only an account with two-factor reaches these: they load after the password step, not with the page.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));
const RecoveryCodesDialog = lazy(() =>
  import('../../../shared/ui/recovery-codes').then((m) => ({ default: m.RecoveryCodesDialog })),
);

type SigninFormProps = {
  onSignedIn: () => void;
  isCompact?: boolean;
  /** An e-mail to start with (the account just created). */
  email?: string | undefined;
};

/**
 * E-mail and password; submit stays disabled until both are valid (spec section 5). When the account owes a
 * second factor the form gives way to the code step; no session exists until that step succeeds.
 */
export const SigninForm = ({ onSignedIn, isCompact = false, email = '' }: SigninFormProps) => {
  const { t } = useTranslation();
  const signin = useAction(login);
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  // After an enrollment the session waits until the person has seen their recovery codes.
  const [enrolled, setEnrolled] = useState<{ session: LoginData; codes: string[] } | null>(null);
  const [values, setValues] = useState<SigninInput>({ email, password: '' });
  // A field's mistake shows once the field has been typed in, as the person types (spec section 5).
  const [typedIn, setTypedIn] = useState<Partial<Record<keyof SigninInput, true>>>({});
  const checked = checkSignin(values);
  const errorOf = (field: keyof SigninInput) =>
    typedIn[field] && 'errors' in checked ? checked.errors[field] : undefined;
  const fieldProps = (field: keyof SigninInput) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      setTypedIn((current) => ({ ...current, [field]: true }));
    },
    error: Boolean(errorOf(field)),
    helperText: translateMessage(errorOf(field)),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!('values' in checked) || signin.isPending) return;
    setFailure(null);
    try {
      const { data, info } = await signin.run(checked.values);
      if (isChallenge(data)) return setChallenge(data);
      storeSession(data);
      if (info) notify(info, 'success');
      onSignedIn();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.info : t('errors.generic'));
    }
  };

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
        <Suspense fallback={null}>
          <Alert severity="error" data-testid="signin-error">
            {failure}
          </Alert>
        </Suspense>
      )}
      <OutlinedField
        {...fieldProps('email')}
        type="email"
        label={t('signin.email')}
        autoComplete="email"
        autoFocus
        size={size}
      />
      <OutlinedField
        {...fieldProps('password')}
        type="password"
        label={t('signin.password')}
        autoComplete="current-password"
        size={size}
      />
      <SubmitButton
        isPending={signin.isPending}
        size={isCompact ? 'medium' : 'large'}
        disabled={!('values' in checked)}
        data-testid="signin-submit"
      >
        {t('signin.submit')}
      </SubmitButton>
    </Box>
  );
};
