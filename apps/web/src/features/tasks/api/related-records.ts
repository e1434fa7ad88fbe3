import type { Filter, TaskModule } from '@conversa/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

/** A record a task can follow up, as the picker offers it. */
export type RelatedOption = { id: string; name: string; contactId: string };

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Where each module's search looks and how its answer is named (spec: contacts by full name, deals by name). */
const SOURCES: Record<TaskModule, { api: string; key: string; toOption: (row: Row) => RelatedOption }> = {
  contact: {
    api: 'contact',
    key: 'info.full_name',
    toOption: (row) => {
      const info = (row.info ?? {}) as Row;
      const name = text(info.full_name) || (text(info.phone) && `+${text(info.phone)}`);
      return { id: text(row.id), name, contactId: text(row.id) };
    },
  },
  deal: {
    api: 'deal',
    key: 'name',
    toOption: (row) => ({ id: text(row.id), name: text(row.name), contactId: text(row.contact_id) }),
  },
  lead: {
    api: 'lead',
    key: 'full_name',
    toOption: (row) => ({
      id: text(row.id),
      name: text(row.full_name) || (text(row.phone) && `+${text(row.phone)}`),
      contactId: '',
    }),
  },
};

const OPTIONS_SHOWN = 20;

/** The contacts, deals or leads whose name holds the (already debounced) text. */
export const useRelatedSearch = (module: TaskModule, search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['task-related', module, search],
    queryFn: async ({ signal }) => {
      const source = SOURCES[module];
      const filters: Filter[] = search ? [{ key: source.key, condition: 'contains', value: search }] : [];
      const answer = await api.request<Row>(`${source.api}/search`, {
        method: 'POST',
        body: { page: 1, offset: OPTIONS_SHOWN, filters },
        errors: 'caller',
        signal,
      });
      return answer.data.map(source.toOption);
    },
    enabled,
    staleTime: 30_000,
  });
