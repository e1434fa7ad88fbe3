import type { ChannelType } from '@conversa/domain';
import { Avatar, SvgIcon, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import Instagram from '../../../shared/icons/Instagram';
import QrCode2 from '../../../shared/icons/QrCode2';
import Science from '../../../shared/icons/Science';
import Telegram from '../../../shared/icons/Telegram';
import WhatsApp from '../../../shared/icons/WhatsApp';

/** Material icons have no Messenger mark; this is the bubble with the lightning bolt people know. */
const MessengerIcon = (props: SvgIconProps) => (
  <SvgIcon {...props}>
    <path d="M12 2C6.36 2 2 6.13 2 11.7c0 2.91 1.19 5.44 3.14 7.17.16.13.26.35.27.57l.05 1.78c.04.57.61.94 1.13.71l1.98-.87c.17-.06.36-.09.53-.06.9.27 1.9.4 2.9.4 5.64 0 10-4.13 10-9.7S17.64 2 12 2m6 7.46-2.93 4.67c-.47.73-1.47.92-2.17.37l-2.34-1.73a.6.6 0 0 0-.72 0l-3.16 2.4c-.42.33-.97-.17-.68-.63l2.93-4.67c.47-.74 1.47-.92 2.17-.4l2.34 1.76a.6.6 0 0 0 .72 0l3.16-2.4c.42-.33.97.17.68.63" />
  </SvgIcon>
);

/** Twilio's mark: a ring with four dots. */
const TwilioIcon = (props: SvgIconProps) => (
  <SvgIcon {...props}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m0 17.3a7.3 7.3 0 1 1 0-14.6 7.3 7.3 0 0 1 0 14.6" />
    <circle cx="9.4" cy="9.4" r="2" />
    <circle cx="14.6" cy="9.4" r="2" />
    <circle cx="9.4" cy="14.6" r="2" />
    <circle cx="14.6" cy="14.6" r="2" />
  </SvgIcon>
);

/**
 * Each provider's own mark and brand colour, so a device is recognised at a glance. The ways into WhatsApp
 * other than Meta's own keep its mark on their provider's colour; a phone linked by QR shows a QR code.
 */
export const CHANNEL_BRANDS: Record<ChannelType, { icon: ComponentType<SvgIconProps>; color: string }> = {
  whatsapp: { icon: WhatsApp, color: '#25d366' },
  dialog360: { icon: WhatsApp, color: '#0b1f4d' },
  twilio: { icon: TwilioIcon, color: '#f22f46' },
  maytapi: { icon: QrCode2, color: '#128c7e' },
  telegram: { icon: Telegram, color: '#26a5e4' },
  messenger: { icon: MessengerIcon, color: '#0084ff' },
  instagram: { icon: Instagram, color: '#e4405f' },
  sandbox: { icon: Science, color: '#607d8b' },
};

export const ChannelIcon = ({ type, ...props }: { type: ChannelType } & SvgIconProps) => {
  const Icon = CHANNEL_BRANDS[type].icon;
  return <Icon {...props} />;
};

/** The provider's mark on its brand colour; `size` in pixels. */
export const ChannelAvatar = ({ type, size = 44 }: { type: ChannelType; size?: number }) => (
  <Avatar
    sx={{ bgcolor: CHANNEL_BRANDS[type].color, color: '#fff', width: size, height: size }}
    data-testid={`channel-${type}`}
  >
    <ChannelIcon type={type} sx={{ fontSize: size * 0.58 }} />
  </Avatar>
);
