import { Box, ButtonBase, Typography } from '@mui/material';
import { type DragEvent, useMemo, useState } from 'react';
import { clockOf, placeOf } from '../agenda-range';
import { layoutDay } from '../day-layout';
import { APPOINTMENT_DRAG_TYPE, AppointmentBlock, isAppointmentDrag } from './appointment-block';
import type { BoardProps } from './board-props';

const HOUR_PX = 64;
/** Shorter appointments show their time and patient on one line. */
const ONE_LINE_MINUTES = 40;
/** Those under an hour leave the professional out: three lines do not fit in 45 minutes. */
const THREE_LINES_MINUTES = 55;
/** The working day shown when nothing falls outside it; earlier or later appointments widen it. */
const DAY_START_HOUR = 7;
const DAY_END_HOUR = 21;
const HOURS_COLUMN_PX = 56;
const WEEK_COLUMN_MIN_PX = 112;

/** The hours the grid spans: the working day, widened to every appointment it shows. */
const hoursOf = (placed: { minutes: number; duration: number }[]): { first: number; last: number } => ({
  first: Math.min(DAY_START_HOUR, ...placed.map((item) => Math.floor(item.minutes / 60))),
  last: Math.min(
    24,
    Math.max(DAY_END_HOUR, ...placed.map((item) => Math.ceil((item.minutes + item.duration) / 60))),
  ),
});

/**
 * The day and week views: a column per day, a row per slot, each appointment at its time and as long as
 * it lasts (overlapping ones side by side). An empty slot makes a new appointment where that is possible,
 * and one of the product's own appointments dropped on a slot moves there.
 */
export const TimeGrid = (props: BoardProps) => {
  const { days, appointments, timeZone, today, format, cellMinutes, onCreateAt, onMove, onOpenDay } = props;
  const [over, setOver] = useState<string | null>(null);
  const byDay = useMemo(() => {
    const grouped = new Map<
      string,
      { item: (typeof appointments)[number]; start: number; duration: number }[]
    >();
    for (const item of appointments) {
      const { day, minutes } = placeOf(item.meet_date, timeZone);
      grouped.set(day, [...(grouped.get(day) ?? []), { item, start: minutes, duration: item.duration }]);
    }
    return grouped;
  }, [appointments, timeZone]);
  const { first, last } = hoursOf(
    days
      .flatMap((day) => byDay.get(day) ?? [])
      .map((entry) => ({ minutes: entry.start, duration: entry.duration })),
  );
  const cellPx = (HOUR_PX * cellMinutes) / 60;
  const cells = Array.from(
    { length: ((last - first) * 60) / cellMinutes },
    (_, index) => first * 60 + index * cellMinutes,
  );
  const isWeek = days.length > 1;

  const dropOn = (event: DragEvent, day: string, minutes: number) => {
    event.preventDefault();
    setOver(null);
    const id = event.dataTransfer.getData(APPOINTMENT_DRAG_TYPE);
    if (id) onMove(id, day, minutes);
  };

  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="agenda-time-grid">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `${HOURS_COLUMN_PX}px repeat(${days.length}, minmax(${isWeek ? WEEK_COLUMN_MIN_PX : 0}px, 1fr))`,
          minWidth: isWeek ? HOURS_COLUMN_PX + days.length * WEEK_COLUMN_MIN_PX : undefined,
        }}
      >
        <Box />
        {days.map((day) => (
          <ButtonBase
            key={day}
            onClick={() => onOpenDay(day)}
            sx={{
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              fontWeight: day === today ? 700 : 500,
              color: day === today ? 'primary.main' : 'text.primary',
              textTransform: 'capitalize',
            }}
            data-testid={`agenda-day-head-${day}`}
          >
            {format.dayHead(day)}
          </ButtonBase>
        ))}
        <Box sx={{ position: 'relative', height: (last - first) * HOUR_PX }} aria-hidden="true">
          {Array.from({ length: last - first - 1 }, (_, index) => first + index + 1).map((hour) => (
            <Typography
              key={hour}
              variant="caption"
              color="text.secondary"
              sx={{
                position: 'absolute',
                top: (hour - first) * HOUR_PX - 8,
                insetInlineEnd: 8,
                whiteSpace: 'nowrap',
              }}
            >
              {format.clock(hour * 60)}
            </Typography>
          ))}
        </Box>
        {days.map((day) => (
          <Box
            key={day}
            role="list"
            aria-label={format.longDay(day)}
            sx={{
              position: 'relative',
              height: (last - first) * HOUR_PX,
              borderInlineStart: 1,
              borderColor: 'divider',
            }}
            data-testid={`agenda-day-${day}`}
          >
            {cells.map((minutes) => {
              const key = `${day}-${clockOf(minutes)}`;
              return (
                <Box
                  key={key}
                  aria-hidden="true"
                  data-testid={`slot-${key}`}
                  onClick={onCreateAt ? () => onCreateAt(day, minutes) : undefined}
                  onDragOver={(event) => {
                    if (!isAppointmentDrag(event)) return;
                    event.preventDefault();
                    if (over !== key) setOver(key);
                  }}
                  onDragLeave={() => setOver((current) => (current === key ? null : current))}
                  onDrop={(event) => dropOn(event, day, minutes)}
                  sx={{
                    position: 'absolute',
                    insetInline: 0,
                    top: ((minutes - first * 60) / 60) * HOUR_PX,
                    height: cellPx,
                    borderTop: 1,
                    borderColor: minutes % 60 === 0 ? 'divider' : 'action.hover',
                    bgcolor: over === key ? 'action.selected' : undefined,
                    cursor: onCreateAt ? 'copy' : undefined,
                    '&:hover': onCreateAt ? { bgcolor: 'action.hover' } : undefined,
                  }}
                />
              );
            })}
            {layoutDay(byDay.get(day) ?? []).map(({ item, start, end, lane, lanes }) => (
              <Box
                key={item.id}
                role="listitem"
                sx={{
                  position: 'absolute',
                  top: ((start - first * 60) / 60) * HOUR_PX + 1,
                  height: ((end - start) / 60) * HOUR_PX - 2,
                  insetInlineStart: `calc(${(lane / lanes) * 100}% + 2px)`,
                  width: `calc(${100 / lanes}% - 4px)`,
                  display: 'grid',
                }}
              >
                <AppointmentBlock
                  appointment={item}
                  format={format}
                  isMovable={props.canMove(item)}
                  isCompact={end - start < ONE_LINE_MINUTES}
                  hasProfessional={end - start >= THREE_LINES_MINUTES}
                  onOpen={props.onOpen}
                />
              </Box>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
};
