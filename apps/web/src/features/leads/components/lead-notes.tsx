import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import { Box, Button, Card, List, ListItem, ListItemText, Skeleton, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { EmptyState } from '../../../shared/ui/empty-state';
import { leadNotesKey, useCreateLeadNote, useLeadNotes } from '../api/lead-notes';

/** The lead's notes: a comment box (note.create) and the notes, newest first, kept live. */
export const LeadNotes = ({ leadId }: { leadId: string }) => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const { list_user } = useAccount();
  const [text, setText] = useState('');
  const notes = useLeadNotes(leadId);
  const create = useCreateLeadNote(leadId);
  const items = notes.data?.pages.flatMap((page) => page.items) ?? [];
  const authorOf = (id: string) => list_user.find((member) => member.id === id)?.name ?? '';
  const format = formattersFor(i18n.language);

  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== 'note') return;
    const isThisLead = notification.data.some(
      (note) => (note as { reference_id?: unknown }).reference_id === leadId,
    );
    if (isThisLead) void queryClient.invalidateQueries({ queryKey: leadNotesKey(leadId) });
  });

  const submit = () => {
    const description = text.trim();
    if (description !== '') create.mutate(description, { onSuccess: () => setText('') });
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }} data-testid="lead-notes">
      {can('note.create') && (
        <Stack spacing={1} sx={{ p: 2 }}>
          <TextField
            multiline
            minRows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('leads.notes.placeholder')}
            slotProps={{
              htmlInput: { 'aria-label': t('leads.notes.placeholder'), 'data-testid': 'lead-note-text' },
            }}
          />
          <Button
            variant="contained"
            disabled={text.trim() === '' || create.isPending}
            onClick={submit}
            sx={{ alignSelf: 'flex-end' }}
            data-testid="lead-note-add"
          >
            {t('leads.notes.add')}
          </Button>
        </Stack>
      )}
      <Box sx={{ px: 1, pb: 1 }}>
        {notes.isPending ? (
          <Stack spacing={1} sx={{ p: 1 }}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : items.length === 0 ? (
          <EmptyState icon={StickyNote2Outlined} title={t('leads.notes.empty')} />
        ) : (
          <List dense>
            {items.map((note) => (
              <ListItem key={note.id} divider alignItems="flex-start" data-testid="lead-note">
                <ListItemText
                  primary={note.description}
                  secondary={`${authorOf(note.user_id)} · ${format.dateTime(note.create_date)}`}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
                />
              </ListItem>
            ))}
            {notes.hasNextPage && (
              <Button
                fullWidth
                onClick={() => void notes.fetchNextPage()}
                disabled={notes.isFetchingNextPage}
              >
                {t('leads.notes.more')}
              </Button>
            )}
          </List>
        )}
      </Box>
    </Card>
  );
};
