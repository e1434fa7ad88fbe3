import type { Appointment, ConfirmationRow, ConfirmationRun } from '@conversa/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { agendaKey } from './appointments';

/** A run's request to one appointment: the run and its row. */
export type HistoryEntry = { run: ConfirmationRun; row: ConfirmationRow };

/** A day holds one live run per agenda, plus the cancelled ones before it. */
const RUNS_OF_A_DAY = 20;
/** A phone has few appointments on one day, so one page of its rows holds them. */
const ROWS_OF_A_PHONE = 50;

/**
 * The confirmation requests an appointment received: the runs of its agenda and day, and in each the row
 * whose `agenda_id` is the appointment (looked up by its phone, a filter key of the run's table).
 */
export const useAppointmentHistory = (appointment: Appointment, day: string, isEnabled: boolean) =>
  useQuery({
    queryKey: [...agendaKey, 'history', appointment.id, day],
    enabled: isEnabled,
    queryFn: async ({ signal }): Promise<HistoryEntry[]> => {
      const runs = await api.request<ConfirmationRun>('confirmation/search', {
        method: 'POST',
        body: {
          page: 1,
          offset: RUNS_OF_A_DAY,
          filters: [
            { key: 'integration_id', condition: 'equalto', value: appointment.integration_id },
            { key: 'date', condition: 'equalto', value: day },
          ],
          logical: 'and',
        },
        errors: 'caller',
        signal,
      });
      const byRun = await Promise.all(
        runs.data.map(async (run) => {
          const rows = await api.request<ConfirmationRow>(`confirmation/appointments/${run.id}`, {
            method: 'POST',
            body: {
              page: 1,
              offset: ROWS_OF_A_PHONE,
              filters: appointment.phone
                ? [{ key: 'phone', condition: 'equalto', value: appointment.phone }]
                : [],
              logical: 'and',
            },
            errors: 'caller',
            signal,
          });
          return rows.data.filter((row) => row.agenda_id === appointment.id).map((row) => ({ run, row }));
        }),
      );
      return byRun.flat();
    },
  });
