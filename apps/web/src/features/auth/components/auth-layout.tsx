import { Box, Paper, Typography } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../shared/ui/logo';

// The language button (MUI's menu and the six flags) arrives just after the form, outside the public
// pages' first download; the space it takes is kept so nothing moves.
const LanguageSwitcher = lazy(() =>
  import('../../../shared/ui/language-switcher').then((m) => ({ default: m.LanguageSwitcher })),
);

/** The frame of the public pages: brand panel beside the form, language switch in the corner. */
export const AuthLayout = ({ children, width = 440 }: { children: ReactNode; width?: number }) => {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: 'primary.contrastText',
          background: 'linear-gradient(150deg, #063f4b 0%, #0b5d6e 55%, #3c8a9b 100%)',
        }}
      >
        <Logo size={36} />
        <Box>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700, mb: 2 }}>
            {t('auth.heroTitle')}
          </Typography>
          <Typography sx={{ opacity: 0.85, maxWidth: 420 }}>{t('auth.heroText')}</Typography>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.7 }}>
          © 2021 Conversa
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', p: { xs: 2, sm: 4 } }}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            color: 'primary.main',
          }}
        >
          <Box sx={{ display: { md: 'none' } }}>
            <Logo />
          </Box>
          <Box sx={{ marginInlineStart: 'auto' }}>
            <Suspense fallback={<Box sx={{ height: 36.5 }} />}>
              <LanguageSwitcher color="primary" />
            </Suspense>
          </Box>
        </Box>
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 3 }}>
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: width }}>
            {children}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
};
