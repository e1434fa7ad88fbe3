import { Box, IconButton, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import CloseIcon from '../../shared/icons/Close';
import { PATHS } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { Logo } from '../../shared/ui/logo';
import { SigninForm } from './components/signin-form';

/** Asks the page that embeds the chat widget to close it. */
export const postCloseToParent = (target: Pick<Window, 'postMessage'> = window.parent): void => {
  target.postMessage({ action: 'close' }, '*');
};

/** The compact sign-in of the embedded chat widget. */
export const ChatSigninPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  if (session) return <Navigate to={PATHS.widgetHome} replace />;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 1.5,
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ p: 2.5, width: '100%', maxWidth: 360, position: 'relative' }}>
        <IconButton
          aria-label={t('common.close')}
          onClick={() => postCloseToParent()}
          data-testid="chat-signin-close"
          size="small"
          sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
        <Box sx={{ color: 'primary.main', mb: 1 }}>
          <Logo size={24} />
        </Box>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {t('signin.title')}
        </Typography>
        <SigninForm isCompact onSignedIn={() => navigate(PATHS.widgetHome, { replace: true })} />
      </Paper>
    </Box>
  );
};
