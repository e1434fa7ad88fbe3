import Close from '@mui/icons-material/Close';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useCreateNote } from '../api/create-note';
import { useNotes } from '../api/get-notes';

/** Notes beside the conversation: a comment box and the contact's notes, newest first, 20 a page. */
export const NotesPanel = ({ contactId, onClose }: { contactId: string; onClose?: () => void }) => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const { list_user } = useAccount();
  const [text, setText] = useState('');
  const notes = useNotes(contactId, can('note.view'));
  const create = useCreateNote();
  const items = notes.data?.pages.flatMap((page) => page.items) ?? [];
  const authorOf = (id: string) => list_user.find((member) => member.id === id)?.name ?? '';
  const submit = () => {
    const description = text.trim();
    if (description === '') return;
    create.mutate({ contactId, description }, { onSuccess: () => setText('') });
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      data-testid="notes-panel"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: onClose ? 1 : 2 }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {t('chat.notes.title')}
        </Typography>
        {onClose && (
          <IconButton aria-label={t('common.close')} edge="end" onClick={onClose} data-testid="notes-close">
            <Close />
          </IconButton>
        )}
      </Box>
      {can('note.create') && (
        <Stack spacing={1} sx={{ p: 2 }}>
          <TextField
            multiline
            minRows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('chat.notes.placeholder')}
            slotProps={{ htmlInput: { 'aria-label': t('chat.notes.placeholder') } }}
            sx={{ '& textarea': { minHeight: 50 } }}
          />
          <Button variant="contained" disabled={text.trim() === '' || create.isPending} onClick={submit}>
            {t('chat.notes.add')}
          </Button>
        </Stack>
      )}
      <Box sx={{ flex: 1, overflowY: 'auto', px: 1 }}>
        {notes.isPending && can('note.view') ? (
          <Stack spacing={1} sx={{ p: 1 }}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : items.length === 0 ? (
          <EmptyState icon={StickyNote2Outlined} title={t('chat.notes.empty')} />
        ) : (
          <List dense>
            {items.map((note) => (
              <ListItem key={note.id} divider alignItems="flex-start">
                <ListItemText
                  primary={note.description}
                  secondary={`${authorOf(note.user_id)} · ${formattersFor(i18n.language).dateTime(note.create_date)}`}
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
                {t('chat.notes.more')}
              </Button>
            )}
          </List>
        )}
      </Box>
    </Box>
  );
};
