import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/** Shown until the initial account fetch returns (spec section 2). */
export const LoaderScreen = () => {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2, color: 'primary.main' }}>
        <Logo size={40} />
        <CircularProgress />
        <Typography color="text.secondary">{t('common.loading')}</Typography>
      </Box>
    </Box>
  );
};
