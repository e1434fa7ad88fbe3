import type { TaskComment } from '@conversa/domain';
import { Box, IconButton, List, ListItem, ListItemText, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { formattersFor } from '../../../shared/format/intl-format';
import Send from '../../../shared/icons/Send';
import { notify } from '../../../shared/notify';
import { useCommentTask } from '../api/tasks';

/** The comment area's height (spec section 9). */
export const COMMENT_HEIGHT = 50;

/** A task's comments, oldest first, and a box to add one; its send button waits for some text. */
export const TaskComments = ({ taskId, comments }: { taskId: string; comments: TaskComment[] }) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const [text, setText] = useState('');
  const comment = useCommentTask();
  const send = () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    comment.mutate(
      { id: taskId, text: trimmed },
      {
        onSuccess: () => setText(''),
        onError: (error) => notify(error instanceof ApiError ? error.info : error.message, 'error'),
      },
    );
  };
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {t('tasks.comments.title')}
      </Typography>
      {comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tasks.comments.empty')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="task-comments" sx={{ maxHeight: 240, overflowY: 'auto' }}>
          {comments.map((entry) => (
            <ListItem key={entry.id} disableGutters alignItems="flex-start">
              <ListItemText
                primary={entry.text}
                secondary={`${entry.user_name} · ${format.dateTime(entry.create_date)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
        <TextField
          fullWidth
          multiline
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('tasks.comments.placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('tasks.comments.placeholder'), 'data-testid': 'task-comment-text' },
            input: { sx: { minHeight: COMMENT_HEIGHT, alignItems: 'flex-start' } },
          }}
        />
        <Tooltip title={t('tasks.comments.send')}>
          <span>
            <IconButton
              color="primary"
              aria-label={t('tasks.comments.send')}
              disabled={text.trim() === '' || comment.isPending}
              onClick={send}
              data-testid="task-comment-send"
            >
              <Send sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
};
