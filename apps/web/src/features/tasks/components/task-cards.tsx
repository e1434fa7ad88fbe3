import { cutText, TASK_TEXT_CUT, type Task } from '@conversa/domain';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Link,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { formattersFor } from '../../../shared/format/intl-format';
import { notify } from '../../../shared/notify';
import { useUpdateTask } from '../api/tasks';
import { ExpiryChip, isExpiring } from './task-chips';

/**
 * At most this many cards stand at once; the rest wait in the bell. A phone's cards take the screen's
 * width, so one at a time there leaves the page readable.
 */
const CARDS_SHOWN = { wide: 3, narrow: 1 };
const CARD_WIDTH = 300;

/**
 * Expiring tasks (due today, overdue, or due within the window) the person has not dismissed, as cards
 * stacked in the bottom corner: Complete completes the task, Ignore marks it notified so it stops asking.
 */
export const TaskCards = ({ tasks, onOpen }: { tasks: Task[]; onOpen: (task: Task) => void }) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const format = formattersFor(i18n.language);
  const update = useUpdateTask();
  // A card answered leaves at once, before the list is read again.
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const shown = tasks
    .filter((task) => isExpiring(task.expiry) && !task.is_notified && !answered.has(task.id))
    .slice(0, isWide ? CARDS_SHOWN.wide : CARDS_SHOWN.narrow);
  if (shown.length === 0) return null;

  const answer = (task: Task, change: { complete: true } | { is_notified: true }) => {
    setAnswered((current) => new Set(current).add(task.id));
    update.mutate(
      { id: task.id, change },
      {
        onError: (error) => {
          setAnswered((current) => {
            const next = new Set(current);
            next.delete(task.id);
            return next;
          });
          notify(error instanceof ApiError ? error.info : error.message, 'error');
        },
      },
    );
  };

  return (
    <Box
      role="region"
      aria-label={t('tasks.cards.label')}
      sx={{
        position: 'fixed',
        // On a phone the cards take the width, so they stand above the floating buttons.
        bottom: { xs: 168, sm: 24 },
        // Beside the floating buttons, toward the page's start, in either writing direction.
        insetInlineEnd: { xs: 16, sm: 96 },
        width: { xs: 'calc(100vw - 32px)', sm: CARD_WIDTH },
        display: 'flex',
        flexDirection: 'column-reverse',
        gap: 1,
        // Under dialogs and drawers, as the floating buttons are: a card never covers a form's buttons.
        zIndex: (theme) => theme.zIndex.speedDial,
      }}
    >
      {shown.map((task) => (
        <Card key={task.id} elevation={6} data-testid="task-card">
          <CardContent sx={{ pb: 0.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <ExpiryChip expiry={task.expiry} />
              <Typography variant="caption" color="text.secondary">
                {format.dateTime(task.due_date)}
              </Typography>
            </Box>
            <Link
              component="button"
              type="button"
              underline="hover"
              onClick={() => onOpen(task)}
              sx={{ fontWeight: 600, textAlign: 'start', display: 'block' }}
            >
              {cutText(task.title, TASK_TEXT_CUT.titleLong)}
            </Link>
            {task.description && (
              <Typography variant="body2" color="text.secondary">
                {cutText(task.description, TASK_TEXT_CUT.description)}
              </Typography>
            )}
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end' }}>
            <Button
              size="small"
              onClick={() => answer(task, { is_notified: true })}
              data-testid="task-card-ignore"
            >
              {t('tasks.cards.ignore')}
            </Button>
            <Button
              size="small"
              variant="contained"
              onClick={() => answer(task, { complete: true })}
              data-testid="task-card-complete"
            >
              {t('tasks.cards.complete')}
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
};
