import type { Device } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import Refresh from '../../../shared/icons/Refresh';
import { useDevice } from '../api/get-device';
import { useRefreshQr } from '../api/refresh-qr';
import { GatewayBannedAlert, sessionOf } from './gateway-session';

/**
 * Linking the phone of a device that goes through an unofficial gateway: while the gateway waits for a scan,
 * its QR large, with how to scan it; then what the session is. The device arrives live (device notifications
 * carry every new QR and session), and 'Refresh' asks the gateway now.
 */
export const GatewayQrView = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const can = useCan();
  const refresh = useRefreshQr(device.id);
  const session = sessionOf(device) ?? 'disconnected';
  const qr = device.setting.conect.qr ?? '';
  const mayEdit = can('device.edit');
  return (
    <Stack spacing={2} alignItems="center" data-testid="gateway-qr-view" data-session={session}>
      {session === 'qr' &&
        (qr !== '' ? (
          <>
            <Box
              component="img"
              src={qr}
              alt={t('devices.qr.alt')}
              data-testid="gateway-qr"
              sx={{
                width: '100%',
                maxWidth: 320,
                aspectRatio: '1',
                imageRendering: 'pixelated',
                bgcolor: '#fff',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420, textAlign: 'center' }}>
              {t('devices.qr.steps')}
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: 'center' }} data-testid="gateway-qr-waiting">
            {mayEdit ? t('devices.qr.waiting') : t('devices.qr.askEditor')}
          </Typography>
        ))}
      {session === 'connected' && (
        <Alert severity="success" sx={{ width: 1 }} data-testid="gateway-linked">
          {t('devices.qr.linked')}
        </Alert>
      )}
      {session === 'disconnected' && (
        <Alert severity="info" sx={{ width: 1 }}>
          {t('devices.qr.notLinked')}
        </Alert>
      )}
      {session === 'banned' && (
        <Box sx={{ width: 1 }}>
          <GatewayBannedAlert />
        </Box>
      )}
      {mayEdit && (
        <Button
          startIcon={<Refresh />}
          onClick={() => refresh.mutate()}
          loading={refresh.isPending}
          data-testid="gateway-qr-refresh"
        >
          {t('devices.qr.refresh')}
        </Button>
      )}
    </Stack>
  );
};

/** The detail page's card for linking the phone. */
export const GatewayQrPanel = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" data-testid="gateway-qr-panel">
      <CardHeader
        title={t('devices.qr.title')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <GatewayQrView device={device} />
      </CardContent>
    </Card>
  );
};

/** Opened once a gateway device is created: scan now, and see the phone linked without leaving. */
export const LinkPhoneDialog = ({
  deviceId,
  isOpen,
  onClose,
}: {
  deviceId: string;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const device = useDevice(deviceId);
  const isLinked = device.data?.setting.conect.session === 'connected';
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="link-phone-title"
      data-testid="link-phone-dialog"
    >
      <DialogTitle id="link-phone-title">{t('devices.qr.title')}</DialogTitle>
      <DialogContent dividers>
        {device.data ? <GatewayQrView device={device.data} /> : <Skeleton variant="rounded" height={320} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant={isLinked ? 'contained' : 'text'} data-testid="link-phone-close">
          {isLinked ? t('devices.qr.done') : t('devices.qr.later')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
