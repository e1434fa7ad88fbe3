import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

/** The ten recovery codes, shown this once; closing the dialog is the person saying they saved them. */
export const RecoveryCodesDialog = ({ codes, onClose }: { codes: string[] | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Dialog
      open={codes !== null}
      onClose={onClose}
      aria-labelledby="recovery-codes-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="recovery-codes-title">{t('twoFactor.recoveryTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{t('twoFactor.recoveryHelp')}</Alert>
        <Box
          component="ol"
          data-testid="recovery-codes"
          dir="ltr"
          sx={{ m: 0, pl: 4, display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 3, rowGap: 0.5 }}
        >
          {(codes ?? []).map((code) => (
            <Typography component="li" key={code} sx={{ fontFamily: 'monospace', fontSize: 15 }}>
              {code}
            </Typography>
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CopyButton value={(codes ?? []).join('\n')} label={t('twoFactor.copyCodes')} />
          <Typography variant="body2">{t('twoFactor.copyCodes')}</Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="recovery-codes-done">
          {t('twoFactor.recoverySaved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
