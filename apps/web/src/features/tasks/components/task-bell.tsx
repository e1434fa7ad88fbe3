import { cutText, TASK_TEXT_CUT, type Task, TIMING } from '@conversa/domain';
import {
  Badge,
  Box,
  Divider,
  Fab,
  FormControlLabel,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Skeleton,
  Switch,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import NotificationsActiveOutlined from '../../../shared/icons/NotificationsActiveOutlined';
import { storage } from '../../../shared/storage';
import { useAlerts } from '../../chat/api/get-alerts';
import { AlertsSection, useUnseenAlerts } from '../../chat/components/alerts-section';
import { storePendingContact } from '../../chat/open-conversation';
import { useIncompleteTasks } from '../api/tasks';
import { useTaskReminders } from '../use-task-reminders';
import { useTasksRealtime } from '../use-tasks-realtime';
import { TaskCards } from './task-cards';
import { ExpiryChip } from './task-chips';
import { TaskDialog } from './task-dialog';

/** The popover's width on a narrow and on a wide screen (spec section 2). */
export const BELL_WIDTH = { narrow: 260, wide: 310 } as const;
const POLL_KEY = 'tasks.poll';
/** The badge's largest number; past it, it reads 99+. */
const BADGE_MAX = 99;
const FAB_GAP = 24;
/** Where the floating chat button sits, so the bell stands above it. */
const ABOVE_CHAT_BUTTON = 96;

/**
 * The floating bell: the conversations lately handed to the person (their alerts, with those not seen yet
 * counted on the badge) and their incomplete tasks by due date, counted on its badge and listed in its
 * popover; tasks kept fresh by the company's task notifications and by a 5-second poll the person can turn
 * off (remembered). Expiring tasks also show as notification cards. Each part only with its permission.
 */
export const TaskBell = () => {
  const location = useLocation();
  // The chat widget, framed by another site, shows no tasks.
  return location.pathname.startsWith('/app/chat-iframe') ? null : (
    <TaskBellBody pathname={location.pathname} />
  );
};

const TaskBellBody = ({ pathname }: { pathname: string }) => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const canTasks = can('task.view');
  const canChat = can('chat.view');
  // The chat pages keep their corner for the composer, as the floating chat does.
  const isOnChat = pathname.startsWith('/app/chat');
  const isButtonShown = !isOnChat;
  const isAboveChatButton = can('chat.view');
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const end = theme.direction === 'rtl' ? 'left' : 'right';
  const format = formattersFor(i18n.language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isPolling, setIsPolling] = useState(() => storage.getItem(POLL_KEY) !== 'off');
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);
  const incomplete = useIncompleteTasks(isPolling ? TIMING.taskPollMs : false, canTasks);
  useTasksRealtime();
  const tasks = canTasks ? (incomplete.data ?? []) : [];
  const { user } = useAccount();
  const navigate = useNavigate();
  const alerts = useAlerts(canChat);
  const { seen, unseen, markSeen } = useUnseenAlerts(user.id, alerts.data ?? []);
  const count = tasks.length + unseen;
  // What was new when the bell opened stays marked while it is open.
  const [seenAtOpen, setSeenAtOpen] = useState(seen);

  const togglePolling = (next: boolean) => {
    storage.setItem(POLL_KEY, next ? 'on' : 'off');
    setIsPolling(next);
  };
  const open = (task: Task) => {
    setAnchor(null);
    setOpenTaskId(task.id);
  };
  useTaskReminders(setOpenTaskId);
  const openConversation = (contactId: string) => {
    setAnchor(null);
    storePendingContact(contactId);
    navigate('/app/chat');
  };

  return (
    <>
      {isButtonShown && (
        <Fab
          color="secondary"
          size="medium"
          // The name holds what the badge shows (99+ past 99), as a screen reader's user hears it.
          aria-label={t('alerts.bell.label', { count: count > BADGE_MAX ? `${BADGE_MAX}+` : count })}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setSeenAtOpen(seen);
            markSeen();
          }}
          sx={{
            position: 'fixed',
            insetInlineEnd: FAB_GAP + 4,
            bottom: isAboveChatButton ? ABOVE_CHAT_BUTTON : FAB_GAP,
            zIndex: (zTheme) => zTheme.zIndex.speedDial,
          }}
          data-testid="task-bell"
        >
          <Badge color="error" badgeContent={count} max={BADGE_MAX} data-testid="task-bell-count">
            <NotificationsActiveOutlined />
          </Badge>
        </Fab>
      )}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        // The button stands at the inline end: the popover opens from there toward the page, either direction.
        anchorOrigin={{ vertical: 'top', horizontal: end }}
        transformOrigin={{ vertical: 'bottom', horizontal: end }}
        slotProps={{
          paper: {
            sx: {
              width: isWide ? BELL_WIDTH.wide : BELL_WIDTH.narrow,
              maxHeight: 480,
              display: 'flex',
              flexDirection: 'column',
            },
            'data-testid': 'task-bell-popover',
          } as object,
        }}
      >
        <Box sx={{ overflowY: 'auto' }}>
          {canChat && (
            <AlertsSection
              alerts={alerts.data ?? []}
              seen={seenAtOpen}
              onOpen={openConversation}
              isAlone={!canTasks}
            />
          )}
          {canTasks && (
            <>
              {(alerts.data?.length ?? 0) > 0 && <Divider sx={{ mt: 1 }} />}
              <Box sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="task-bell-title">
                  {t('tasks.bell.title', { count: tasks.length })}
                </Typography>
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={isPolling}
                      onChange={(event) => togglePolling(event.target.checked)}
                      slotProps={{ input: { 'data-testid': 'task-bell-poll' } as object }}
                    />
                  }
                  label={<Typography variant="caption">{t('tasks.bell.poll')}</Typography>}
                />
              </Box>
              <Divider />
              {incomplete.isPending ? (
                <Box sx={{ p: 2 }}>
                  <Skeleton />
                  <Skeleton />
                </Box>
              ) : tasks.length === 0 ? (
                <Typography color="text.secondary" sx={{ p: 2 }} data-testid="task-bell-empty">
                  {t('tasks.bell.empty')}
                </Typography>
              ) : (
                <List dense disablePadding>
                  {tasks.map((task) => (
                    <ListItemButton
                      key={task.id}
                      onClick={() => open(task)}
                      sx={{ gap: 1 }}
                      data-testid="task-bell-item"
                    >
                      <ListItemText
                        primary={cutText(task.title, TASK_TEXT_CUT.titleShort)}
                        secondary={format.dateTime(task.due_date)}
                      />
                      <ExpiryChip expiry={task.expiry} />
                    </ListItemButton>
                  ))}
                </List>
              )}
            </>
          )}
        </Box>
      </Popover>
      {/* Like the bell, the cards leave the chat's corners to its header and composer. */}
      {!isOnChat && canTasks && <TaskCards tasks={tasks} onOpen={open} />}
      <TaskDialog
        isOpen={openTaskId !== null}
        taskId={openTaskId ?? undefined}
        onClose={() => setOpenTaskId(null)}
      />
    </>
  );
};
