import type { TwoFactorEnrollment as Enrollment } from '@conversa/domain';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

/** A new two-factor secret, shown once: the QR image to scan and the same key to type by hand. */
export const TwoFactorEnrollment = ({ enrollment }: { enrollment: Enrollment }) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('twoFactor.scan')}
      </Typography>
      <Box
        component="img"
        src={enrollment.qr}
        alt={t('twoFactor.qrAlt')}
        data-testid="two-factor-qr"
        sx={{ width: 200, height: 200, bgcolor: 'common.white', p: 1, borderRadius: 1 }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
        <Typography variant="caption" color="text.secondary">
          {t('twoFactor.secret')}
        </Typography>
        <Typography
          component="code"
          data-testid="two-factor-secret"
          dir="ltr"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 14 }}
        >
          {enrollment.secret}
        </Typography>
        <CopyButton value={enrollment.secret} label={t('twoFactor.copySecret')} />
      </Box>
    </Box>
  );
};
