import { Box, Button, Link, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isInCrossOriginFrame } from '../../shared/frame';
import { PATHS } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { AuthLayout } from './components/auth-layout';
import { SigninForm } from './components/signin-form';

// The page's dialogs are fetched when they are needed, so the first download is the form alone.
const ForgotPasswordDialog = lazy(() =>
  import('./components/forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);
const RestorePasswordDialog = lazy(() =>
  import('./components/restore-password-dialog').then((m) => ({ default: m.RestorePasswordDialog })),
);
const IncompatibleBrowserDialog = lazy(() =>
  import('./components/incompatible-browser-dialog').then((m) => ({
    default: m.IncompatibleBrowserDialog,
  })),
);

type FromState = { from?: string } | null;
/** What the sign-up page hands over: the new account's e-mail, written in the form for its first sign-in. */
export type SignedUpState = { email: string };

const signedUpEmail = (state: unknown): string | undefined => {
  const email = (state as Partial<SignedUpState> | null)?.email;
  return typeof email === 'string' ? email : undefined;
};

/** /app sends each account on to its home: the console for the master, the dashboard for the others. */
const homeFor = (isEmbedded: boolean) => (isEmbedded ? PATHS.widgetHome : PATHS.appHome);

/** Where to go after signing in: back to the page that asked for it, else the account's home. */
export const afterSigninPath = (state: unknown, isEmbedded: boolean): string => {
  const from = (state as FromState)?.from;
  return from?.startsWith('/app/') ? from : homeFor(isEmbedded);
};

export const SigninPage = () => {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing it keeps its transition.
  const [hasOpenedForgot, setHasOpenedForgot] = useState(false);
  // A sent reset link starts the form afresh: the failed attempt's alert no longer applies.
  const [formKey, setFormKey] = useState(0);
  const restoreToken = params.get('restore');

  // Someone already signed in who opens /signin goes to the dashboard (spec section 2), unless resetting.
  if (session && !restoreToken) return <Navigate to={homeFor(isInCrossOriginFrame())} replace />;

  return (
    <AuthLayout>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('signin.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('signin.subtitle')}
      </Typography>
      <SigninForm
        key={formKey}
        email={signedUpEmail(location.state)}
        onSignedIn={() =>
          navigate(afterSigninPath(location.state, isInCrossOriginFrame()), { replace: true })
        }
      />
      {/* Each link keeps its words on one line: when both do not fit side by side, the second goes below. */}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
          mt: 2,
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        <Button
          variant="text"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => {
            setHasOpenedForgot(true);
            setIsForgotOpen(true);
          }}
          data-testid="forgot-open"
        >
          {t('signin.forgot')}
        </Button>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="signup-prompt">
          {t('signin.noAccount')}{' '}
          <Link component={RouterLink} to={PATHS.signup} data-testid="signup-link">
            {t('signin.signupLink')}
          </Link>
        </Typography>
      </Box>
      <Suspense fallback={null}>
        {hasOpenedForgot && (
          <ForgotPasswordDialog
            isOpen={isForgotOpen}
            onClose={() => setIsForgotOpen(false)}
            onSent={() => setFormKey((key) => key + 1)}
          />
        )}
        {restoreToken && (
          <RestorePasswordDialog
            token={restoreToken}
            onClose={() => {
              params.delete('restore');
              setParams(params, { replace: true });
            }}
          />
        )}
        <IncompatibleBrowserDialog />
      </Suspense>
    </AuthLayout>
  );
};
