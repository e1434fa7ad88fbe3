import type { Appointment } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Card,
  LinearProgress,
  Skeleton,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { firstDayOfWeek } from '../../../shared/format/week-start';
import Add from '../../../shared/icons/Add';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import EventNoteOutlined from '../../../shared/icons/EventNoteOutlined';
import { notify } from '../../../shared/notify';
import {
  standardConfigOf,
  useSchedulingIntegrations,
} from '../../../shared/scheduling/scheduling-integrations';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAgendaFormat } from '../agenda-format';
import { useAgendaLive } from '../agenda-live';
import {
  type AgendaView,
  cellMinutesOf,
  daysOf,
  instantAt,
  instantsOf,
  placeOf,
  shiftAnchor,
  todayIn,
} from '../agenda-range';
import { useAppointments, useUpdateAppointment } from '../api/appointments';
import { canChange } from '../appointment-status';
import { AgendaFilters, type AgendaFilterValues } from '../components/agenda-filters';
import { AgendaList } from '../components/agenda-list';
import { AgendaToolbar } from '../components/agenda-toolbar';
import { AppointmentDialog } from '../components/appointment-dialog';
import { AppointmentPanel } from '../components/appointment-panel';
import type { BoardProps } from '../components/board-props';
import { MonthGrid } from '../components/month-grid';
import { StatusLegend } from '../components/status-legend';
import { TimeGrid } from '../components/time-grid';
import { useFilterOptions } from '../use-filter-options';

const NO_FILTERS: AgendaFilterValues = { specialist: '', branch: '', status: '' };
const NO_ROWS: Appointment[] = [];
/** Where "New appointment" starts when no slot was clicked: the next whole hour. */
const nextHour = (minutes: number) => Math.min(23 * 60, (Math.floor(minutes / 60) + 1) * 60);

/**
 * /app/agendas: the appointments of an agenda by day, week or month on the company's clock, coloured by
 * state and filtered by professional, branch and state; a click opens one. On the product's own (Standard)
 * agenda a slot or "New appointment" books one, a drag moves one and the detail cancels it; an outside
 * system's appointments are read-only. Pulls, answers and colleagues' changes show live.
 */
export const AgendaPage = () => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const { client } = useAccount();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const timeZone = client.timezone;
  const format = useAgendaFormat(timeZone);
  const integrations = useSchedulingIntegrations();
  const list = integrations.data ?? null;
  const [picked, setPicked] = useState<string | null>(null);
  const integrationId = picked ?? list?.[0]?.id ?? '';
  const integration = list?.find((item) => item.id === integrationId);
  const standard = standardConfigOf(integration);
  const [view, setView] = useState<AgendaView>('week');
  const [anchor, setAnchor] = useState(() => todayIn(timeZone));
  const [filters, setFilters] = useState(NO_FILTERS);
  const [selected, setSelected] = useState<Appointment | null>(null);
  const [creatingAt, setCreatingAt] = useState<{ day: string; minutes: number } | null>(null);
  useAgendaLive();

  const firstDay = firstDayOfWeek(i18n.language, client.country);
  const days = useMemo(() => daysOf(view, anchor, firstDay), [view, anchor, firstDay]);
  const appointments = useAppointments(
    { integrationId, ...instantsOf(days, timeZone), ...filters },
    !integrations.isPending,
  );
  const rows = appointments.data?.rows ?? NO_ROWS;
  const options = useFilterOptions(integrationId, standard, rows);
  const update = useUpdateAppointment();
  const canCreate = standard !== undefined && can('agenda.create');
  const today = todayIn(timeZone);
  const canMove = (appointment: Appointment) =>
    canChange(appointment, can) && appointment.status !== 'cancelled';

  const move = (id: string, day: string, minutes: number | null) => {
    const appointment = rows.find((row) => row.id === id);
    if (!appointment || !canMove(appointment)) return;
    const meet_date = instantAt(day, minutes ?? placeOf(appointment.meet_date, timeZone).minutes, timeZone);
    if (meet_date === new Date(appointment.meet_date).toISOString()) return;
    update.mutate({ id, patch: { meet_date } }, { onSuccess: () => notify(t('agendas.moved'), 'success') });
  };

  const board: BoardProps = {
    days,
    appointments: rows,
    timeZone,
    today,
    format,
    cellMinutes: cellMinutesOf(standard?.slot_minutes ?? 30),
    canMove,
    onOpen: setSelected,
    onMove: move,
    onCreateAt: canCreate ? (day, minutes) => setCreatingAt({ day, minutes }) : undefined,
    onOpenDay: (day) => {
      setAnchor(day);
      setView('day');
    },
  };
  const Board = isPhone && view !== 'day' ? AgendaList : view === 'month' ? MonthGrid : TimeGrid;
  const shownAppointment = selected && (rows.find((row) => row.id === selected.id) ?? selected);

  if (list?.length === 0) {
    return (
      <Box>
        <PageHeader title={t('nav.agendas')} subtitle={t('agendas.subtitle')} />
        <EmptyState
          icon={EventNoteOutlined}
          title={t('agendas.noIntegrations')}
          description={t('agendas.noIntegrationsHelp')}
          action={
            can('setting.edit') && (
              <Button component={RouterLink} to="/app/settings?tab=integrations" variant="contained">
                {t('agendas.connect')}
              </Button>
            )
          }
        />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader
        title={t('nav.agendas')}
        subtitle={t('agendas.subtitle')}
        actions={
          canCreate && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() =>
                setCreatingAt({
                  day: anchor,
                  minutes: nextHour(placeOf(new Date().toISOString(), timeZone).minutes),
                })
              }
              data-testid="new-appointment"
            >
              {t('agendas.new')}
            </Button>
          )
        }
      />
      <AgendaFilters
        integrations={list}
        integrationId={integrationId}
        onIntegration={(id) => {
          setPicked(id);
          setFilters(NO_FILTERS);
        }}
        professionals={options.professionals}
        branches={options.branches}
        values={filters}
        onChange={setFilters}
      />
      {integration && !standard && (
        <Alert severity="info" data-testid="agenda-read-only">
          {t('agendas.readOnly', { system: t(`settings.scheduling.types.${integration.type}`) })}
        </Alert>
      )}
      <Card variant="outlined" sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, position: 'relative' }}>
        {appointments.isFetching && !appointments.isPending && (
          <LinearProgress
            sx={{ position: 'absolute', top: 0, insetInline: 0 }}
            aria-label={t('common.loading')}
          />
        )}
        <AgendaToolbar
          view={view}
          title={format.title(view, days, anchor)}
          onView={setView}
          onStep={(step) => setAnchor((current) => shiftAnchor(view, current, step))}
          onToday={() => setAnchor(today)}
        />
        <StatusLegend />
        {(appointments.data?.total ?? 0) > rows.length && (
          <Alert severity="warning">
            {t('agendas.tooMany', { shown: rows.length, total: appointments.data?.total })}
          </Alert>
        )}
        {appointments.isError ? (
          <EmptyState
            icon={ErrorOutline}
            title={t('agendas.loadFailed')}
            action={<Button onClick={() => void appointments.refetch()}>{t('common.retry')}</Button>}
          />
        ) : appointments.isPending ? (
          <Skeleton variant="rounded" height={420} />
        ) : (
          <Board {...board} />
        )}
        {/* A slot books only on the day and week grids; the month's days open the day instead. */}
        {canCreate && !isPhone && view !== 'month' && (
          <Typography variant="caption" color="text.secondary">
            {t('agendas.hint')}
          </Typography>
        )}
      </Card>
      <AppointmentPanel
        appointment={shownAppointment}
        timeZone={timeZone}
        format={format}
        onClose={() => setSelected(null)}
      />
      {creatingAt && standard && (
        <AppointmentDialog
          integrationId={integrationId}
          config={standard}
          timeZone={timeZone}
          at={creatingAt}
          onClose={() => setCreatingAt(null)}
        />
      )}
    </Box>
  );
};
