import type { Device } from '@conversa/domain';
import { Box, Button, Card, CardActions, CardContent, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../shared/account/use-account';
import EditOutlined from '../../../shared/icons/EditOutlined';
import Science from '../../../shared/icons/ScienceOutlined';
import VisibilityOutlined from '../../../shared/icons/VisibilityOutlined';
import { ChannelAvatar } from './channel-icon';
import { ConnectionButton } from './connection-button';
import { DeleteDeviceButton } from './delete-device-button';
import { DeviceModeChip, DeviceStatusChip } from './device-status-chip';
import { GatewayBannedAlert, GatewaySessionChip, sessionOf } from './gateway-session';

const Swatch = ({ color, label }: { color: string; label: string }) => (
  <Tooltip title={`${label}: ${color}`}>
    <Box
      role="img"
      aria-label={`${label}: ${color}`}
      sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: color, border: 1, borderColor: 'divider' }}
    />
  </Tooltip>
);

/** One device: provider, mode, live status, colours, and the actions the person may take. */
export const DeviceCard = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const can = useCan();
  const type = device.setting.conect.type;
  const detailPath = `/app/devices/detail/${device.id}`;
  const session = sessionOf(device);
  return (
    <Card
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', borderTop: 4, borderTopColor: device.color }}
      data-testid="device-card"
      data-device-id={device.id}
    >
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flex: 1 }}>
        <ChannelAvatar type={type} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={detailPath}
            variant="subtitle1"
            underline="hover"
            color="text.primary"
            noWrap
            sx={{ display: 'block', fontWeight: 600 }}
            data-testid="device-name-link"
          >
            {device.name}
          </Link>
          <Typography variant="body2" color="text.secondary" noWrap>
            {t(`devices.providers.${type}`)}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            alignItems="center"
            sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}
          >
            <DeviceStatusChip status={device.status} />
            {session && <GatewaySessionChip session={session} />}
            <DeviceModeChip device={device} />
            <Stack direction="row" spacing={0.5} sx={{ pl: 0.5 }}>
              <Swatch color={device.color} label={t('devices.color')} />
              <Swatch color={device.background_color} label={t('devices.backgroundColor')} />
            </Stack>
          </Stack>
          {session === 'banned' && (
            <Box sx={{ mt: 1.5 }}>
              <GatewayBannedAlert isCompact />
            </Box>
          )}
        </Box>
      </CardContent>
      <CardActions disableSpacing sx={{ px: 2, pb: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={detailPath}
          size="small"
          startIcon={can('device.edit') ? <EditOutlined /> : <VisibilityOutlined />}
          data-testid="device-open"
        >
          {can('device.edit') ? t('devices.edit') : t('devices.details')}
        </Button>
        {type === 'sandbox' && (
          <Button
            component={RouterLink}
            to={`${detailPath}?tab=simulator`}
            size="small"
            startIcon={<Science />}
          >
            {t('devices.openSimulator')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <ConnectionButton device={device} size="small" />
        <DeleteDeviceButton device={device} isIconOnly />
      </CardActions>
    </Card>
  );
};
