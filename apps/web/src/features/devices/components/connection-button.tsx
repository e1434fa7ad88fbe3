import type { Device } from '@conversa/domain';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import LinkIcon from '../../../shared/icons/Link';
import LinkOff from '../../../shared/icons/LinkOff';
import { notify } from '../../../shared/notify';
import { useConnectDevice } from '../api/connect-device';
import { useDisconnectDevice } from '../api/disconnect-device';

/**
 * Connect for a disconnected device (device.connect), Disconnect for a connected one (device.disconnect);
 * nothing without the permission. The live status comes back in the answer and through the socket.
 */
export const ConnectionButton = ({
  device,
  size = 'medium',
}: {
  device: Device;
  size?: 'small' | 'medium';
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const connect = useConnectDevice();
  const disconnect = useDisconnectDevice();
  const isConnected = device.status === 'connected';

  if (isConnected && can('device.disconnect')) {
    return (
      <Button
        size={size}
        color="warning"
        variant="outlined"
        startIcon={<LinkOff />}
        loading={disconnect.isPending}
        onClick={() => disconnect.mutate(device.id, { onSuccess: ({ info }) => notify(info, 'success') })}
        data-testid="device-disconnect"
      >
        {t('devices.disconnect')}
      </Button>
    );
  }
  if (!isConnected && can('device.connect')) {
    return (
      <Button
        size={size}
        color="success"
        variant="contained"
        startIcon={<LinkIcon />}
        loading={connect.isPending}
        onClick={() =>
          connect.mutate(device.id, {
            onSuccess: ({ device: answered, info }) =>
              notify(info, answered.status === 'connected' ? 'success' : 'warning'),
          })
        }
        data-testid="device-connect"
      >
        {t('devices.connect')}
      </Button>
    );
  }
  return null;
};
