import { Card } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { notesQueryKey } from '../../chat/api/get-notes';
import { NotesPanel } from '../../chat/components/notes-panel';

/**
 * The contact's notes: the chat's notes panel (comment box and list, newest first). Kept live here too,
 * since a person may see contacts without the chat that otherwise follows note notifications.
 */
export const ContactDetailNotes = ({ contactId }: { contactId: string }) => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== 'note') return;
    const ref = typeof notification.ref === 'string' ? notification.ref : undefined;
    const isThisContact =
      ref === contactId ||
      notification.data.some((note) => (note as { contact_id?: unknown }).contact_id === contactId);
    if (isThisContact) void queryClient.invalidateQueries({ queryKey: notesQueryKey(contactId) });
  });
  return (
    <Card variant="outlined" sx={{ maxWidth: 760, minHeight: 320 }}>
      <NotesPanel contactId={contactId} />
    </Card>
  );
};
