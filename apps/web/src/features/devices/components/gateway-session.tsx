import type { Device, DeviceSession } from '@conversa/domain';
import { Alert, AlertTitle, Chip } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Block from '../../../shared/icons/Block';
import CheckCircleOutline from '../../../shared/icons/CheckCircleOutline';
import LinkOff from '../../../shared/icons/LinkOff';
import QrCode2 from '../../../shared/icons/QrCode2';
import { hasGatewaySession } from '../channel-config';

const LOOKS: Record<
  DeviceSession,
  { color: 'warning' | 'success' | 'default' | 'error'; variant: 'filled' | 'outlined'; icon: ReactElement }
> = {
  qr: { color: 'warning', variant: 'outlined', icon: <QrCode2 /> },
  connected: { color: 'success', variant: 'outlined', icon: <CheckCircleOutline /> },
  disconnected: { color: 'default', variant: 'outlined', icon: <LinkOff /> },
  banned: { color: 'error', variant: 'filled', icon: <Block /> },
};

/** The session of a device linked by QR, or undefined for every other provider. */
export const sessionOf = (device: Device): DeviceSession | undefined =>
  hasGatewaySession(device.setting.conect.type)
    ? (device.setting.conect.session ?? 'disconnected')
    : undefined;

/**
 * The phone's link to an unofficial gateway: waiting for the QR scan, linked, not linked, or banned by
 * WhatsApp (filled red, never missed). Each with its own icon and words, not only its colour.
 */
export const GatewaySessionChip = ({ session }: { session: DeviceSession }) => {
  const { t } = useTranslation();
  const look = LOOKS[session];
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      icon={look.icon}
      label={t(`devices.session.${session}`)}
      data-testid="gateway-session"
      data-session={session}
    />
  );
};

/** What a banned number means, where the device shows: nothing goes out through it any more. */
export const GatewayBannedAlert = ({ isCompact = false }: { isCompact?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      variant={isCompact ? 'standard' : 'filled'}
      icon={<Block />}
      role="alert"
      data-testid="gateway-banned"
    >
      <AlertTitle sx={{ mb: isCompact ? 0 : undefined }}>{t('devices.banned.title')}</AlertTitle>
      {!isCompact && t('devices.banned.text')}
    </Alert>
  );
};
