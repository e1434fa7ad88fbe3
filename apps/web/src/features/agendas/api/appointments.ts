import type { AgendaCreateInput, AgendaUpdateInput, Appointment, Filter } from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const agendaKey = ['agenda'] as const;
const appointmentsKey = [...agendaKey, 'appointments'] as const;

/** The most a view asks for at once: the server's largest page. */
export const VIEW_LIMIT = 500;

/** What a view shows: an agenda (or all of them, ''), instants from and to, and the filters' choices. */
export type AppointmentQuery = {
  integrationId: string;
  from: string;
  to: string;
  specialist: string;
  branch: string;
  status: string;
};

export type AppointmentPage = { rows: Appointment[]; total: number };

const equalTo = (key: string, value: string): Filter[] =>
  value ? [{ key, condition: 'equalto', value }] : [];

export const filtersOf = (query: AppointmentQuery): Filter[] => [
  ...equalTo('integration_id', query.integrationId),
  { key: 'meet_date', condition: 'gte', value: query.from },
  { key: 'meet_date', condition: 'lt', value: query.to },
  ...equalTo('specialist', query.specialist),
  ...equalTo('branch', query.branch),
  ...equalTo('status', query.status),
];

/** The appointments a view shows, by start time. */
export const useAppointments = (query: AppointmentQuery, isEnabled: boolean) =>
  useQuery({
    queryKey: [...appointmentsKey, query],
    enabled: isEnabled,
    queryFn: async ({ signal }): Promise<AppointmentPage> => {
      const envelope = await api.request<Appointment>('agenda/search', {
        method: 'POST',
        body: {
          page: 1,
          offset: VIEW_LIMIT,
          filters: filtersOf(query),
          logical: 'and',
          sort: { key: 'meet_date', order: 'asc' },
        },
        signal,
      });
      return { rows: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
    },
    placeholderData: keepPreviousData,
  });

export const useCreateAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AgendaCreateInput) =>
      firstOf(
        await api.request<Appointment>('agenda/create', { method: 'POST', body: input, errors: 'caller' }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
};

/**
 * A move, a cancellation or a new mark shows at once on every view; a refusal (its info in the snackbar)
 * and the answer both read the views again, so they show what the server kept.
 */
export const useUpdateAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: async ({ id, patch }: { id: string; patch: AgendaUpdateInput }) => {
      await queryClient.cancelQueries({ queryKey: appointmentsKey });
      queryClient.setQueriesData<AppointmentPage>({ queryKey: appointmentsKey }, (page) =>
        page ? { ...page, rows: page.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) } : page,
      );
    },
    mutationFn: async ({ id, patch }: { id: string; patch: AgendaUpdateInput }) =>
      firstOf(await api.request<Appointment>(`agenda/updateone/${id}`, { method: 'PUT', body: patch })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
};

export const useDeleteAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request(`agenda/deleteone/${id}`, { method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
};
