import type { BotIntegrationType } from '@conversa/domain';
import { Avatar, Box, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import AutoAwesome from '../../../shared/icons/AutoAwesome';
import ForumOutlined from '../../../shared/icons/ForumOutlined';

/** Each bot's mark on its maker's colour (OpenAI's green, Dialogflow's orange), recognised at a glance. */
export const INTEGRATION_BRANDS: Record<
  BotIntegrationType,
  { icon: ComponentType<SvgIconProps>; color: string }
> = {
  chatgpt: { icon: AutoAwesome, color: '#10a37f' },
  dialogflow: { icon: ForumOutlined, color: '#ef6c00' },
};

/** The bot's mark; `size` in pixels. Decorative: its name is always written beside it. */
export const IntegrationAvatar = ({ type, size = 40 }: { type: BotIntegrationType; size?: number }) => {
  const { icon: Icon, color } = INTEGRATION_BRANDS[type];
  return (
    <Avatar
      sx={{ bgcolor: color, color: '#fff', width: size, height: size }}
      data-testid={`integration-logo-${type}`}
      aria-hidden="true"
    >
      <Icon sx={{ fontSize: size * 0.55 }} />
    </Avatar>
  );
};

/** A device's own colour, as the devices screen and the chat show it. */
export const DeviceDot = ({ color }: { color: string }) => (
  <Box
    component="span"
    aria-hidden="true"
    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flexShrink: 0, marginInline: 1 }}
  />
);
