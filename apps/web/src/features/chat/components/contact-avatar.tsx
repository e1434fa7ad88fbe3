import type { Contact } from '@conversa/domain';
import { initialsOf } from '@conversa/domain';
import { Avatar } from '@mui/material';

/** Initials on the device's colours, so agents see at a glance which channel account a customer uses. */
export const ContactAvatar = ({ contact, size = 44 }: { contact: Contact; size?: number }) => (
  <Avatar
    aria-hidden="true"
    sx={{
      width: size,
      height: size,
      fontSize: size * 0.38,
      fontWeight: 600,
      bgcolor: contact.device?.background_color || 'primary.light',
      color: contact.device?.color || 'primary.contrastText',
      border: 2,
      borderColor: contact.device?.color || 'primary.main',
    }}
  >
    {initialsOf(contact.info.full_name || contact.info.phone) || '?'}
  </Avatar>
);
