import { cutText, TASK_TEXT_CUT, type Task } from '@conversa/domain';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  IconButton,
  Link,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { formattersFor } from '../../../shared/format/intl-format';
import ExpandMore from '../../../shared/icons/ExpandMore';
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
 * How long cards stand before they fold into the bell (which counts and lists them), unless the pointer or
 * the focus is on them: standing, they would cover the page's own buttons (Save, a table's pages).
 */
export const CARDS_STAND_MS = 12_000;
/** The tasks whose cards folded, for this tab's session: a reload does not raise them again. */
const FOLDED_KEY = 'tasks.cards.folded';

const readFolded = (): ReadonlySet<string> => {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(FOLDED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
};

/** The folded tasks, kept in the session; only tasks still listed are kept, so the list stays small. */
const useFolded = (tasks: readonly Task[]) => {
  const [folded, setFolded] = useState(readFolded);
  const fold = (ids: readonly string[]) => {
    const listed = new Set(tasks.map((task) => task.id));
    const next = new Set([...folded, ...ids].filter((id) => listed.has(id)));
    sessionStorage.setItem(FOLDED_KEY, JSON.stringify([...next]));
    setFolded(next);
  };
  return { folded, fold };
};

/**
 * Expiring tasks (due today, overdue, or due within the window) the person has not dismissed, as cards
 * stacked in the bottom corner: Complete completes the task, Ignore marks it notified so it stops asking.
 * They fold into the bell after a while, or at once with the fold button; a task expiring later raises
 * its own card.
 */
export const TaskCards = ({ tasks, onOpen }: { tasks: Task[]; onOpen: (task: Task) => void }) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const format = formattersFor(i18n.language);
  const update = useUpdateTask();
  // A card answered leaves at once, before the list is read again.
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const { folded, fold } = useFolded(tasks);
  const [isHeld, setIsHeld] = useState(false);
  const standing = tasks.filter(
    (task) => isExpiring(task.expiry) && !task.is_notified && !answered.has(task.id) && !folded.has(task.id),
  );
  const shown = standing.slice(0, isWide ? CARDS_SHOWN.wide : CARDS_SHOWN.narrow);
  const standingKey = standing.map((task) => task.id).join(',');
  // The clock starts again when another task stands up, and waits while the person is on the cards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: standingKey names the standing tasks fold reads.
  useEffect(() => {
    if (standingKey === '' || isHeld) return;
    const timer = setTimeout(() => fold(standingKey.split(',')), CARDS_STAND_MS);
    return () => clearTimeout(timer);
  }, [standingKey, isHeld]);
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
      onMouseEnter={() => setIsHeld(true)}
      onMouseLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsHeld(false);
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
      {/* Last in the column-reverse stack: it stands on top of the cards. */}
      <IconButton
        size="small"
        aria-label={t('tasks.cards.fold')}
        title={t('tasks.cards.fold')}
        onClick={() => fold(standing.map((task) => task.id))}
        data-testid="task-cards-fold"
        sx={{
          alignSelf: 'flex-end',
          bgcolor: 'background.paper',
          boxShadow: 3,
          '&:hover': { bgcolor: 'background.paper' },
        }}
      >
        <ExpandMore fontSize="small" />
      </IconButton>
    </Box>
  );
};
