import { Box, Button, ButtonBase, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeOf } from '../agenda-range';
import { APPOINTMENT_DRAG_TYPE, AppointmentBlock, isAppointmentDrag } from './appointment-block';
import type { BoardProps } from './board-props';

/** Appointments a day shows before its "+n more", which opens the day. */
const PER_DAY = 3;

/**
 * The month view: six weeks from the one holding the 1st, each day with its first appointments by time;
 * its number opens the day. An appointment dropped on another day moves there at the same time.
 */
export const MonthGrid = ({
  days,
  appointments,
  timeZone,
  today,
  format,
  canMove,
  onOpen,
  onMove,
  onOpenDay,
}: BoardProps) => {
  const { t } = useTranslation();
  const [over, setOver] = useState<string | null>(null);
  const month = days[15]?.slice(0, 7);
  const byDay = useMemo(() => {
    const grouped = new Map<string, typeof appointments>();
    for (const item of appointments) {
      const { day } = placeOf(item.meet_date, timeZone);
      grouped.set(day, [...(grouped.get(day) ?? []), item]);
    }
    return grouped;
  }, [appointments, timeZone]);

  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="agenda-month-grid">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(7, minmax(104px, 1fr))',
          minWidth: 728,
          gap: '1px',
          bgcolor: 'divider',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {days.slice(0, 7).map((day) => (
          <Box key={`head-${day}`} sx={{ bgcolor: 'background.paper', p: 0.5, textAlign: 'center' }}>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ fontWeight: 600, textTransform: 'capitalize' }}
            >
              {format.weekday(day)}
            </Typography>
          </Box>
        ))}
        {days.map((day) => {
          const ofDay = byDay.get(day) ?? [];
          const isOther = day.slice(0, 7) !== month;
          return (
            <Box
              key={day}
              role="list"
              aria-label={format.longDay(day)}
              data-testid={`agenda-day-${day}`}
              onDragOver={(event) => {
                if (!isAppointmentDrag(event)) return;
                event.preventDefault();
                if (over !== day) setOver(day);
              }}
              onDragLeave={() => setOver((current) => (current === day ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                setOver(null);
                const id = event.dataTransfer.getData(APPOINTMENT_DRAG_TYPE);
                if (id) onMove(id, day, null);
              }}
              sx={{
                bgcolor: over === day ? 'action.selected' : isOther ? 'action.hover' : 'background.paper',
                minHeight: 112,
                p: 0.5,
                display: 'flex',
                flexDirection: 'column',
                gap: 0.5,
                minWidth: 0,
              }}
            >
              <ButtonBase
                onClick={() => onOpenDay(day)}
                aria-label={t('agendas.openDay', { day: format.longDay(day) })}
                sx={{
                  alignSelf: 'flex-start',
                  px: 0.75,
                  borderRadius: 1,
                  typography: 'caption',
                  color: isOther ? 'text.disabled' : 'text.primary',
                  ...(day === today
                    ? { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }
                    : {}),
                }}
              >
                {Number(day.slice(8))}
              </ButtonBase>
              {ofDay.slice(0, PER_DAY).map((item) => (
                <Box key={item.id} role="listitem" sx={{ display: 'grid' }}>
                  <AppointmentBlock
                    appointment={item}
                    format={format}
                    isMovable={canMove(item)}
                    isCompact
                    onOpen={onOpen}
                  />
                </Box>
              ))}
              {ofDay.length > PER_DAY && (
                <Button
                  size="small"
                  onClick={() => onOpenDay(day)}
                  sx={{ alignSelf: 'flex-start', minWidth: 0, p: 0 }}
                >
                  {t('agendas.more', { count: ofDay.length - PER_DAY })}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
