import type { TaskModule } from '@conversa/domain';
import { type PickerSearch, usePickerSearch } from '../../../shared/records/api/pick-records';

/** A record a task can follow up, as the picker offers it. */
export type RelatedOption = { id: string; name: string; contactId: string };

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const NEWEST_FIRST = { key: 'create_date', order: 'desc' } as const;

/** Where each module's search looks and how its answer is named (spec: contacts by full name, deals by name). */
const SOURCES: Record<TaskModule, PickerSearch<Row, RelatedOption>> = {
  contact: {
    api: 'contact',
    key: 'info.full_name',
    sort: NEWEST_FIRST,
    optionOf: (row) => {
      const info = (row.info ?? {}) as Row;
      const name = text(info.full_name) || (text(info.phone) && `+${text(info.phone)}`);
      return { id: text(row.id), name, contactId: text(row.id) };
    },
  },
  deal: {
    api: 'deal',
    key: 'name',
    sort: NEWEST_FIRST,
    optionOf: (row) => ({ id: text(row.id), name: text(row.name), contactId: text(row.contact_id) }),
  },
  lead: {
    api: 'lead',
    key: 'full_name',
    sort: NEWEST_FIRST,
    optionOf: (row) => ({
      id: text(row.id),
      name: text(row.full_name) || (text(row.phone) && `+${text(row.phone)}`),
      contactId: '',
    }),
  },
};

/** The contacts, deals or leads whose name holds the (already debounced) text. */
export const useRelatedSearch = (module: TaskModule, search: string, isEnabled: boolean) =>
  usePickerSearch(SOURCES[module], search, isEnabled);
