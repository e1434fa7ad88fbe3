import type { Note } from '@conversa/domain';
import {
  Box,
  Button,
  Card,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../account/use-account';
import { formattersFor } from '../format/intl-format';
import StickyNote2Outlined from '../icons/StickyNote2Outlined';
import { notify } from '../notify';
import { type Notification, useSocketEvent } from '../socket';
import { EmptyState } from '../ui/empty-state';
import {
  type NoteChange,
  type NotedModule,
  type NotesPage,
  recordNotesKey,
  useChangeRecordNote,
  useRecordNotes,
} from './api/record-notes';
import { ConfirmPopover } from './components/confirm-popover';

/**
 * Where a panel's notes come from: a contact's are found by their contact (`contact_id`, which a converted
 * lead's notes gain too), a lead's or a deal's by the record (`module` and `reference_id`).
 */
export type NotesSource = {
  notes: Pick<
    UseInfiniteQueryResult<InfiniteData<NotesPage>>,
    'data' | 'isPending' | 'isError' | 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'
  >;
  change: Pick<UseMutationResult<unknown, Error, NoteChange>, 'mutate' | 'isPending'>;
  /** The cache read again when a note notification concerns the record. */
  queryKey: QueryKey;
  /** The record's id and the note field that names it. */
  recordId: string;
  field: 'contact_id' | 'reference_id';
};

type NoteRowProps = {
  note: Note;
  author: string;
  when: string;
  canEdit: boolean;
  canDelete: boolean;
  isPending: boolean;
  onSave: (description: string, done: () => void) => void;
  onDelete: () => void;
};

const NoteRow = ({ note, author, when, canEdit, canDelete, isPending, onSave, onDelete }: NoteRowProps) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [deleteAnchor, setDeleteAnchor] = useState<HTMLElement | null>(null);
  if (draft !== null) {
    return (
      <ListItem divider sx={{ display: 'block' }} data-testid="record-note">
        <TextField
          multiline
          fullWidth
          minRows={2}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('records.notes.edit'), 'data-testid': 'record-note-draft' },
          }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          <Button onClick={() => setDraft(null)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={draft.trim() === '' || isPending}
            onClick={() => onSave(draft.trim(), () => setDraft(null))}
            data-testid="record-note-save"
          >
            {t('records.notes.save')}
          </Button>
        </Box>
      </ListItem>
    );
  }
  return (
    <ListItem divider alignItems="flex-start" data-testid="record-note" sx={{ flexWrap: 'wrap' }}>
      <ListItemText
        primary={note.description}
        secondary={`${author} · ${when}`}
        slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
      />
      {(canEdit || canDelete) && (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {canEdit && (
            <Button size="small" onClick={() => setDraft(note.description)} data-testid="record-note-edit">
              {t('records.notes.edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              size="small"
              color="error"
              onClick={(event) => setDeleteAnchor(event.currentTarget)}
              data-testid="record-note-delete"
            >
              {t('records.notes.delete')}
            </Button>
          )}
        </Box>
      )}
      <ConfirmPopover
        anchor={deleteAnchor}
        question={t('records.notes.confirmDelete')}
        isPending={isPending}
        onCancel={() => setDeleteAnchor(null)}
        onConfirm={() => {
          setDeleteAnchor(null);
          onDelete();
        }}
      />
    </ListItem>
  );
};

/**
 * The one notes panel of a record (a contact in the chat or on its detail, a lead, a deal): a comment box
 * (note.create), the notes newest first, 20 a page, each editable with note.edit and deletable with
 * note.delete, kept live by the note notifications.
 */
export const NotesPanel = ({ source }: { source: NotesSource }) => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const { list_user } = useAccount();
  const [text, setText] = useState('');
  const { notes, change, queryKey, recordId, field } = source;
  const items = notes.data?.pages.flatMap((page) => page.items) ?? [];
  const authorOf = (id: string) => list_user.find((member) => member.id === id)?.name ?? '';
  const format = formattersFor(i18n.language);
  const failed = (error: Error) => notify(error.message || t('errors.generic'), 'error');

  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== 'note') return;
    const shown = new Set(items.map((note) => note.id));
    // ref names the record the server meant; a deleted note may arrive as its id only.
    const isThisRecord =
      notification.ref === recordId ||
      notification.data.some((entry) => {
        const note = entry as Partial<Record<'id' | NotesSource['field'], unknown>>;
        return note[field] === recordId || shown.has(note.id as string);
      });
    if (isThisRecord) void queryClient.invalidateQueries({ queryKey });
  });

  const submit = () => {
    const description = text.trim();
    if (description === '') return;
    change.mutate({ kind: 'create', description }, { onSuccess: () => setText(''), onError: failed });
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }} data-testid="notes-panel">
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {t('records.notes.title')}
      </Typography>
      {can('note.create') && (
        <Stack spacing={1} sx={{ p: 2 }}>
          <TextField
            multiline
            minRows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('records.notes.placeholder')}
            slotProps={{
              htmlInput: { 'aria-label': t('records.notes.placeholder'), 'data-testid': 'record-note-text' },
            }}
          />
          <Button
            variant="contained"
            disabled={text.trim() === '' || change.isPending}
            onClick={submit}
            sx={{ alignSelf: 'flex-end' }}
            data-testid="record-note-add"
          >
            {t('records.notes.add')}
          </Button>
        </Stack>
      )}
      <Box sx={{ px: 1, pb: 1 }}>
        {notes.isPending ? (
          <Stack spacing={1} sx={{ p: 1 }}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : notes.isError ? (
          <Typography color="error" sx={{ p: 2 }}>
            {t('records.notes.loadFailed')}
          </Typography>
        ) : items.length === 0 ? (
          <EmptyState icon={StickyNote2Outlined} title={t('records.notes.empty')} />
        ) : (
          <List dense>
            {items.map((note) => (
              <NoteRow
                key={note.id}
                note={note}
                author={authorOf(note.user_id)}
                when={format.dateTime(note.create_date)}
                canEdit={can('note.edit')}
                canDelete={can('note.delete')}
                isPending={change.isPending}
                onSave={(description, done) =>
                  change.mutate(
                    { kind: 'edit', id: note.id, description },
                    { onSuccess: done, onError: failed },
                  )
                }
                onDelete={() => change.mutate({ kind: 'delete', id: note.id }, { onError: failed })}
              />
            ))}
            {notes.hasNextPage && (
              <Button
                fullWidth
                onClick={() => void notes.fetchNextPage()}
                disabled={notes.isFetchingNextPage}
              >
                {t('records.notes.more')}
              </Button>
            )}
          </List>
        )}
      </Box>
    </Card>
  );
};

/** A lead's or a deal's notes: found and added by the record's module and id. */
export const RecordNotes = ({ module, referenceId }: { module: NotedModule; referenceId: string }) => {
  const notes = useRecordNotes(module, referenceId);
  const change = useChangeRecordNote(module, referenceId);
  return (
    <NotesPanel
      source={{
        notes,
        change,
        queryKey: recordNotesKey(module, referenceId),
        recordId: referenceId,
        field: 'reference_id',
      }}
    />
  );
};
