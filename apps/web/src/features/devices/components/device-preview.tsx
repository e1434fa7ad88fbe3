import type { ChannelType } from '@conversa/domain';
import { Box, Typography } from '@mui/material';
import { ChannelIcon } from './channel-icon';

/** How the device's name will look where it labels conversations: its colour on its background. */
export const DevicePreview = ({
  name,
  color,
  backgroundColor,
  type,
}: {
  name: string;
  color: string;
  backgroundColor: string;
  type: ChannelType;
}) => (
  <Box
    data-testid="device-preview"
    sx={{
      display: 'inline-flex',
      alignItems: 'center',
      gap: 0.75,
      px: 1.25,
      py: 0.5,
      borderRadius: 4,
      bgcolor: backgroundColor,
      color,
      border: 1,
      borderColor: color,
      maxWidth: '100%',
    }}
  >
    <ChannelIcon type={type} sx={{ fontSize: 18 }} />
    <Typography variant="body2" noWrap sx={{ fontWeight: 600, color: 'inherit' }}>
      {name}
    </Typography>
  </Box>
);
