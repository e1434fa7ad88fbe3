import { Box, ButtonBase, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import EventBusyOutlined from '../../../shared/icons/EventBusyOutlined';
import { EmptyState } from '../../../shared/ui/empty-state';
import { placeOf } from '../agenda-range';
import { AppointmentBlock } from './appointment-block';
import type { BoardProps } from './board-props';

/**
 * The week and the month on a phone: the days that have appointments, one under the other, each
 * appointment a full-width line. Moving is done from an appointment's detail, as a finger cannot drag here.
 */
export const AgendaList = ({
  days,
  appointments,
  timeZone,
  today,
  format,
  onOpen,
  onOpenDay,
}: BoardProps) => {
  const { t } = useTranslation();
  const shown = new Set(days);
  const byDay = new Map<string, typeof appointments>();
  for (const item of appointments) {
    const { day } = placeOf(item.meet_date, timeZone);
    if (shown.has(day)) byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  if (byDay.size === 0) {
    return <EmptyState icon={EventBusyOutlined} title={t('agendas.emptyRange')} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="agenda-list">
      {days
        .flatMap((day) => {
          const items = byDay.get(day);
          return items ? [{ day, items }] : [];
        })
        .map(({ day, items }) => (
          <Box key={day} component="section" sx={{ display: 'grid', gap: 1 }}>
            <ButtonBase
              onClick={() => onOpenDay(day)}
              sx={{
                justifySelf: 'start',
                typography: 'subtitle2',
                color: day === today ? 'primary.main' : 'text.primary',
              }}
            >
              <Typography
                component="h2"
                variant="subtitle2"
                sx={{ '&::first-letter': { textTransform: 'uppercase' } }}
              >
                {format.longDay(day)}
              </Typography>
            </ButtonBase>
            <Box role="list" aria-label={format.longDay(day)} sx={{ display: 'grid', gap: 1 }}>
              {items.map((item) => (
                <Box key={item.id} role="listitem" sx={{ display: 'grid' }}>
                  <AppointmentBlock appointment={item} format={format} isMovable={false} onOpen={onOpen} />
                </Box>
              ))}
            </Box>
          </Box>
        ))}
    </Box>
  );
};
