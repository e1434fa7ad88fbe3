import { cutText, type Filter, isLocale, type Logical, TASK_TEXT_CUT, type Task } from '@conversa/domain';
import { Box, Button, Chip, IconButton, Paper, Tooltip, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { intlLocale } from '../../../shared/format/intl-format';
import { firstDayOfWeek } from '../../../shared/format/week-start';
import ChevronLeft from '../../../shared/icons/ChevronLeft';
import ChevronRight from '../../../shared/icons/ChevronRight';
import { recordsKey } from '../../../shared/records/api/search-records';
import { searchTasks } from '../api/tasks';
import { addMonths, dayKey, monthGrid, startOfMonth } from '../calendar-month';
import { EXPIRY_TONE, PRIORITY_TONE } from './task-chips';

/** Chips a day shows before its "+n more". */
const CHIPS_PER_DAY = 3;
/** A month holds at most this many tasks on the calendar (the server's largest page). */
const MONTH_LIMIT = 500;

/**
 * The month's tasks from the first to the last day shown, under the page's filters. With `or` filters the
 * dates cannot be added to them, so the tasks matching those filters are placed by their own dates.
 */
const useMonthTasks = (days: Date[], filters: Filter[], logical: Logical) => {
  const from = days[0] as Date;
  const to = new Date((days.at(-1) as Date).getTime() + 86_400_000 - 1);
  const range: Filter[] = [
    { key: 'due_date', condition: 'gte', value: from.toISOString() },
    { key: 'due_date', condition: 'lte', value: to.toISOString() },
  ];
  const isAnd = logical === 'and' || filters.length === 0;
  return useQuery({
    queryKey: [...recordsKey('task'), 'calendar', dayKey(from), filters, logical],
    queryFn: ({ signal }) =>
      searchTasks(
        {
          filters: isAnd ? [...filters, ...range] : filters,
          ...(isAnd ? {} : { logical }),
          offset: MONTH_LIMIT,
          sort: { key: 'due_date', order: 'asc' },
        },
        signal,
      ),
  });
};

/**
 * Tasks by due date on a month grid (the week starts as the company's locale starts it), each task a chip
 * coloured by its priority, or its expiry once past due; a click opens it.
 */
export const TaskCalendar = ({
  filters = [],
  logical = 'and',
  onOpen,
}: {
  filters?: Filter[];
  logical?: Logical;
  onOpen: (task: Task) => void;
}) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { client } = useAccount();
  const tag = intlLocale(isLocale(i18n.language) ? i18n.language : 'es');
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [openDay, setOpenDay] = useState<string | null>(null);
  const firstDay = firstDayOfWeek(i18n.language, client.country);
  const days = useMemo(() => monthGrid(month, firstDay), [month, firstDay]);
  const tasks = useMonthTasks(days, filters, logical);
  const byDay = useMemo(() => {
    const grouped = new Map<string, Task[]>();
    for (const task of tasks.data ?? []) {
      const key = dayKey(new Date(task.due_date));
      grouped.set(key, [...(grouped.get(key) ?? []), task]);
    }
    return grouped;
  }, [tasks.data]);
  const today = dayKey(new Date());
  const weekdays = days
    .slice(0, 7)
    .map((day) => new Intl.DateTimeFormat(tag, { weekday: 'short' }).format(day));
  const title = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric' }).format(month);
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' });
  const flip = theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1, sm: 2 } }}
      aria-label={t('tasks.calendar.label')}
      role="region"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Tooltip title={t('tasks.calendar.previous')}>
          <IconButton
            aria-label={t('tasks.calendar.previous')}
            onClick={() => setMonth(addMonths(month, -1))}
          >
            <ChevronLeft sx={flip} />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('tasks.calendar.next')}>
          <IconButton aria-label={t('tasks.calendar.next')} onClick={() => setMonth(addMonths(month, 1))}>
            <ChevronRight sx={flip} />
          </IconButton>
        </Tooltip>
        <Button size="small" variant="outlined" onClick={() => setMonth(startOfMonth(new Date()))}>
          {t('tasks.calendar.today')}
        </Button>
        <Typography
          variant="h6"
          component="h2"
          sx={{ '&::first-letter': { textTransform: 'uppercase' } }}
          data-testid="calendar-title"
        >
          {title}
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(7, minmax(96px, 1fr))',
            minWidth: 680,
            gap: '1px',
            bgcolor: 'divider',
          }}
        >
          {weekdays.map((name) => (
            <Box key={name} sx={{ bgcolor: 'background.paper', p: 0.5, textAlign: 'center' }}>
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
            </Box>
          ))}
          {days.map((day) => {
            const key = dayKey(day);
            const ofDay = byDay.get(key) ?? [];
            const isOpen = openDay === key;
            const shown = isOpen ? ofDay : ofDay.slice(0, CHIPS_PER_DAY);
            const isOtherMonth = day.getMonth() !== month.getMonth();
            return (
              <Box
                key={key}
                data-testid={`calendar-day-${key}`}
                sx={{
                  bgcolor: isOtherMonth ? 'action.hover' : 'background.paper',
                  minHeight: 104,
                  p: 0.5,
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 0.5,
                  minWidth: 0,
                }}
              >
                <Typography
                  variant="caption"
                  sx={{
                    alignSelf: 'flex-start',
                    px: 0.75,
                    borderRadius: 1,
                    color: isOtherMonth ? 'text.disabled' : 'text.primary',
                    ...(key === today
                      ? { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }
                      : {}),
                  }}
                >
                  {day.getDate()}
                </Typography>
                {shown.map((task) => (
                  <Chip
                    key={task.id}
                    size="small"
                    clickable
                    onClick={() => onOpen(task)}
                    color={
                      task.complete
                        ? 'default'
                        : task.expiry === 'expired' || task.expiry === 'overdue'
                          ? EXPIRY_TONE[task.expiry]
                          : PRIORITY_TONE[task.priority]
                    }
                    variant={task.complete ? 'outlined' : 'filled'}
                    label={`${time.format(new Date(task.due_date))} ${cutText(task.title, TASK_TEXT_CUT.titleShort)}`}
                    title={task.title}
                    sx={{
                      justifyContent: 'flex-start',
                      maxWidth: '100%',
                      ...(task.complete ? { textDecoration: 'line-through' } : {}),
                    }}
                    data-testid="calendar-task"
                  />
                ))}
                {ofDay.length > CHIPS_PER_DAY && !isOpen && (
                  <Button
                    size="small"
                    onClick={() => setOpenDay(key)}
                    sx={{ alignSelf: 'flex-start', minWidth: 0, p: 0 }}
                  >
                    {t('tasks.calendar.more', { count: ofDay.length - CHIPS_PER_DAY })}
                  </Button>
                )}
              </Box>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
};
