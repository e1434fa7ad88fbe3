import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import LockOutlined from '../../shared/icons/LockOutlined';
import ReportProblemOutlined from '../../shared/icons/ReportProblemOutlined';
import SearchOffOutlined from '../../shared/icons/SearchOffOutlined';
import type { SvgIconComponent } from '../../shared/icons/svg-icon-component';

type ErrorViewProps = { icon: SvgIconComponent; title: string; info?: string; isFullPage?: boolean };

const ErrorView = ({ icon: Icon, title, info, isFullPage = false }: ErrorViewProps) => {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: isFullPage ? '100vh' : '60vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: isFullPage ? 'background.default' : undefined,
      }}
    >
      <Box sx={{ textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 2, maxWidth: 520 }}>
        <Icon sx={{ fontSize: 96, color: 'primary.light' }} aria-hidden="true" />
        <Typography variant="h4" component="h1" data-testid="page-title">
          {title}
        </Typography>
        {info && (
          <Typography color="text.secondary" data-testid="error-info">
            {info}
          </Typography>
        )}
        <Button component={RouterLink} to="/" variant="contained">
          {t('errors.goHome')}
        </Button>
      </Box>
    </Box>
  );
};

/** The server's info travels in the navigation state when a page-level fetch answered 404. */
const useServerInfo = (): string | undefined => {
  const state: unknown = useLocation().state;
  const info = (state as { info?: unknown } | null)?.info;
  return typeof info === 'string' ? info : undefined;
};

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <ErrorView icon={SearchOffOutlined} title={t('errors.notFound')} info={useServerInfo()} isFullPage />
  );
};

export const ServerErrorPage = () => {
  const { t } = useTranslation();
  return <ErrorView icon={ReportProblemOutlined} title={t('errors.serverError')} isFullPage />;
};

export const AppNotFoundPage = () => {
  const { t } = useTranslation();
  return <ErrorView icon={SearchOffOutlined} title={t('errors.notFound')} info={useServerInfo()} />;
};

export const AppServerErrorPage = () => {
  const { t } = useTranslation();
  return <ErrorView icon={ReportProblemOutlined} title={t('errors.serverError')} />;
};

export const RestrictedPage = () => {
  const { t } = useTranslation();
  return <ErrorView icon={LockOutlined} title={t('errors.restricted')} info={t('errors.restrictedText')} />;
};
