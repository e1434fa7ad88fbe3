import {
  type Filter,
  type Logical,
  PAGE_SIZE,
  type Sort,
  type Task,
  type TaskCreateInput,
  type TaskModule,
  type TaskUpdateInput,
} from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { recordsKey } from '../../../shared/records/api/search-records';

/**
 * Every task query sits under the record kit's key for 'task', so a change made anywhere (the table, the
 * board, the dialog, a live notification) reads them all again.
 */
const tasksKey = recordsKey('task');
export const taskDetailKey = (id: string) => [...tasksKey, 'detail', id] as const;
export const incompleteTasksKey = [...tasksKey, 'incomplete'] as const;
export const recordTasksKey = (filters: Filter[]) => [...tasksKey, 'of-record', filters] as const;
export const participantsKey = [...tasksKey, 'participants'] as const;

export const fetchTask = async (id: string, signal?: AbortSignal): Promise<Task> =>
  firstOf(await api.request<Task>(`task/search/${id}`, { errors: 'caller', signal }));

export const useTask = (id: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: taskDetailKey(id ?? ''),
      queryFn: ({ signal }) => fetchTask(id ?? '', signal),
      enabled: Boolean(id),
    }),
  );

export const searchTasks = async (
  body: {
    filters?: Filter[];
    logical?: Logical;
    page?: number;
    offset?: number;
    incomplete?: boolean;
    sort?: Sort;
  },
  signal?: AbortSignal,
): Promise<Task[]> =>
  (
    await api.request<Task>('task/search', {
      method: 'POST',
      body: { page: 1, offset: PAGE_SIZE.tasks, filters: [], ...body },
      errors: 'caller',
      signal,
    })
  ).data;

/** The signed-in person's incomplete tasks by due date (the bell and the notification cards). */
export const useIncompleteTasks = (pollMs: number | false, enabled = true) =>
  useQuery({
    queryKey: incompleteTasksKey,
    queryFn: ({ signal }) =>
      searchTasks({ incomplete: true, offset: PAGE_SIZE.incompleteTasks, page: 1 }, signal),
    refetchInterval: pollMs,
    enabled,
  });

/** The filters that find a record's tasks: a contact's by `contact_id`, a deal's or lead's by reference. */
export const recordTaskFilters = (module: TaskModule, referenceId: string, contactId?: string): Filter[] =>
  module === 'contact'
    ? [{ key: 'contact_id', condition: 'equalto', value: contactId ?? referenceId }]
    : [
        { key: 'module', condition: 'equalto', value: module },
        { key: 'reference_id', condition: 'equalto', value: referenceId },
      ];

export const useRecordTasks = (filters: Filter[]) =>
  useQuery({
    queryKey: recordTasksKey(filters),
    queryFn: ({ signal }) =>
      searchTasks(
        { filters, offset: PAGE_SIZE.incompleteTasks, sort: { key: 'due_date', order: 'asc' } },
        signal,
      ),
  });

/** The e-mail comes only for oneself, or with user.view. */
export type Participant = { id: string; name: string; email?: string };

/** The company's users with an e-mail, without client and master accounts (spec: noAdmin). */
export const useParticipants = (enabled: boolean) =>
  useQuery({
    queryKey: participantsKey,
    queryFn: async ({ signal }) =>
      (await api.request<Participant>('task/participants?noAdmin=true', { errors: 'caller', signal })).data,
    enabled,
    staleTime: 60_000,
  });

const useTaskWrite = <I, O>(write: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (saved) => {
      if (saved && typeof saved === 'object' && 'id' in saved) {
        const task = saved as unknown as Task;
        queryClient.setQueryData<Task>(taskDetailKey(task.id), (current) =>
          current ? { ...current, ...task } : task,
        );
      }
      void queryClient.invalidateQueries({
        queryKey: tasksKey,
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    },
  });
};

/** Every write answers through the dialog or a card, which show the server's info themselves. */
export const useCreateTask = () =>
  useTaskWrite(async (input: TaskCreateInput) =>
    firstOf(await api.request<Task>('task/create', { method: 'POST', body: input, errors: 'caller' })),
  );

export const useUpdateTask = () =>
  useTaskWrite(async ({ id, change }: { id: string; change: TaskUpdateInput }) =>
    firstOf(
      await api.request<Task>(`task/updateone/${id}`, { method: 'PUT', body: change, errors: 'caller' }),
    ),
  );

export const useDeleteTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      api.request(`task/deleteone/${id}`, { method: 'DELETE', errors: 'caller' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: taskDetailKey(id) });
      void queryClient.invalidateQueries({ queryKey: tasksKey });
    },
  });
};

/** A comment; the task is read again, whatever shape the answer has, so its list shows the new one. */
export const useCommentTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, text }: { id: string; text: string }) =>
      api.request(`task/comment/${id}`, { method: 'POST', body: { text }, errors: 'caller' }),
    onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: taskDetailKey(id) }),
  });
};
