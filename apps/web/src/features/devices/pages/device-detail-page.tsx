import type { Device } from '@conversa/domain';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../../shared/account/use-account';
import ArrowBack from '../../../shared/icons/ArrowBack';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { useDevice } from '../api/get-device';
import { isConfigured } from '../channel-config';
import { ChannelAvatar } from '../components/channel-icon';
import { ConnectionButton } from '../components/connection-button';
import { ConnectionPanel } from '../components/connection-panel';
import { DeleteDeviceButton } from '../components/delete-device-button';
import { DeviceSettingsForm } from '../components/device-settings-form';
import { DeviceModeChip, DeviceStatusChip } from '../components/device-status-chip';
import { GatewayQrPanel, LinkPhoneDialog } from '../components/gateway-qr';
import { GatewayBannedAlert, GatewaySessionChip, sessionOf } from '../components/gateway-session';
import { SandboxSimulator } from '../components/sandbox-simulator';

type DetailTab = 'settings' | 'simulator';

const DetailSkeleton = () => (
  <Stack spacing={3} aria-busy="true">
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Skeleton variant="circular" width={56} height={56} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="40%" height={36} />
          <Skeleton width="25%" />
        </Box>
      </CardContent>
    </Card>
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <Skeleton variant="rounded" height={420} />
      <Skeleton variant="rounded" height={260} />
    </Box>
  </Stack>
);

const DeviceHeader = ({ device, onDeleted }: { device: Device; onDeleted: () => void }) => {
  const { t } = useTranslation();
  const type = device.setting.conect.type;
  const session = sessionOf(device);
  return (
    <Card variant="outlined" sx={{ borderTop: 4, borderTopColor: device.color }}>
      <CardContent
        sx={{ display: 'flex', gap: 2, alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: 'wrap' }}
      >
        <ChannelAvatar type={type} size={56} />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography
            variant="h5"
            component="h1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="page-title"
          >
            {device.name}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            alignItems="center"
            sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography color="text.secondary">{t(`devices.providers.${type}`)}</Typography>
            <DeviceStatusChip status={device.status} />
            {session && <GatewaySessionChip session={session} />}
            <DeviceModeChip device={device} />
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} alignItems="center">
          <ConnectionButton device={device} />
          <DeleteDeviceButton device={device} onDeleted={onDeleted} />
        </Stack>
      </CardContent>
    </Card>
  );
};

/**
 * One device: its provider settings (secrets masked, replaceable), the webhook URL to give the provider,
 * Connect / Disconnect, and for a sandbox device the customer simulator.
 */
export const DeviceDetailPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const [searchParams, setSearchParams] = useSearchParams();
  const device = useDevice(id);
  const backToList = () => navigate('/app/devices');

  // Deleted here or by someone else: there is nothing left to show.
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== 'device' || notification.action !== 'delete') return;
    if (notification.data.some((record) => (record as { id?: unknown }).id === id)) backToList();
  });

  const isSandbox = device.data?.setting.conect.type === 'sandbox';
  const session = device.data ? sessionOf(device.data) : undefined;
  // `?link` right after creating a device linked by QR: the QR in a dialog, until the phone is linked.
  const closeLink = () =>
    setSearchParams(
      (params) => {
        params.delete('link');
        return params;
      },
      { replace: true },
    );
  // `?simulator` is the older link from the list; `?tab=simulator` the current one.
  const tab: DetailTab =
    isSandbox && (searchParams.get('tab') === 'simulator' || searchParams.has('simulator'))
      ? 'simulator'
      : 'settings';

  return (
    <Box>
      <Button
        component={Link}
        to="/app/devices"
        startIcon={<ArrowBack sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />}
        sx={{ mb: 2 }}
      >
        {t('nav.devices')}
      </Button>
      {!device.data ? (
        <DetailSkeleton />
      ) : (
        <Stack spacing={3}>
          <DeviceHeader device={device.data} onDeleted={backToList} />
          {session === 'banned' && <GatewayBannedAlert />}
          {!isSandbox && !isConfigured(device.data) && (
            <Alert severity="warning" data-testid="device-not-configured">
              {can('device.edit') ? t('devices.incomplete') : t('devices.notConfigured')}
            </Alert>
          )}
          {isSandbox && (
            <Tabs
              value={tab}
              onChange={(_event, next: DetailTab) =>
                setSearchParams(next === 'simulator' ? { tab: next } : {})
              }
              aria-label={t('devices.sections')}
            >
              <Tab value="settings" label={t('devices.settings')} data-testid="tab-settings" />
              <Tab value="simulator" label={t('devices.simulator')} data-testid="tab-simulator" />
            </Tabs>
          )}
          {tab === 'simulator' ? (
            <SandboxSimulator device={device.data} />
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                alignItems: 'start',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
              }}
            >
              <DeviceSettingsForm device={device.data} />
              {/* On a phone the webhook URL comes first: it is short and what a person came to copy. */}
              <Stack spacing={3} sx={{ order: { xs: -1, lg: 0 } }}>
                {session && <GatewayQrPanel device={device.data} />}
                <ConnectionPanel device={device.data} />
              </Stack>
            </Box>
          )}
        </Stack>
      )}
      {session && <LinkPhoneDialog deviceId={id} isOpen={searchParams.has('link')} onClose={closeLink} />}
    </Box>
  );
};
