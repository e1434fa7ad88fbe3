import type { Filter, StorageModuleName } from '@conversa/domain';

/** What the storage toolbar narrows the list by: a piece of the name, where the file came from, its days. */
export type StorageFilterState = {
  name: string;
  module: StorageModuleName | '';
  /** Calendar days (YYYY-MM-DD) of the date inputs, both included; '' when open. */
  from: string;
  to: string;
};

export const NO_STORAGE_FILTERS: StorageFilterState = { name: '', module: '', from: '', to: '' };

/**
 * The search body's filters: `name` contains, `module` equalto, `create_date` between the first second of
 * `from` and the last of `to` (one end alone is gte or lte).
 */
export const storageFiltersOf = ({ name, module, from, to }: StorageFilterState): Filter[] => {
  const filters: Filter[] = [];
  if (name.trim()) filters.push({ key: 'name', condition: 'contains', value: name.trim() });
  if (module) filters.push({ key: 'module', condition: 'equalto', value: module });
  const start = from ? `${from}T00:00:00` : undefined;
  const end = to ? `${to}T23:59:59` : undefined;
  if (start && end) filters.push({ key: 'create_date', condition: 'between', value: [start, end] });
  else if (start) filters.push({ key: 'create_date', condition: 'gte', value: start });
  else if (end) filters.push({ key: 'create_date', condition: 'lte', value: end });
  return filters;
};
