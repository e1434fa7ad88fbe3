import type { Appointment, StandardConfig } from '@conversa/domain';
import { useEffect, useState } from 'react';
import type { NamedOption } from './components/agenda-filters';

type Seen = { key: string; professionals: NamedOption[]; branches: NamedOption[] };

/** Known options plus the new ones found, by name. */
const merge = (known: readonly NamedOption[], found: readonly NamedOption[]): NamedOption[] => {
  const byId = new Map(known.map((option) => [option.id, option]));
  for (const option of found) if (option.id && !byId.has(option.id)) byId.set(option.id, option);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
};

const fresh = (key: string): Seen => ({ key, professionals: [], branches: [] });

/**
 * The professionals and branches the filters offer: a Standard agenda's own, and those of every
 * appointment seen in this agenda so far (an outside system's are known by its appointments), so
 * choosing one does not take the others off the list.
 */
export const useFilterOptions = (
  integrationId: string,
  standard: StandardConfig | undefined,
  rows: readonly Appointment[],
) => {
  const [seen, setSeen] = useState<Seen>(() => fresh(integrationId));
  useEffect(() => {
    setSeen((current) => {
      const start = current.key === integrationId ? current : fresh(integrationId);
      const professionals = merge(
        start.professionals,
        rows.map((row) => ({ id: row.specialist, name: row.specialist_name || row.specialist })),
      );
      const branches = merge(
        start.branches,
        rows.map((row) => ({ id: row.branch, name: row.branch_name || row.branch })),
      );
      const isSame =
        professionals.length === start.professionals.length && branches.length === start.branches.length;
      return isSame ? start : { key: integrationId, professionals, branches };
    });
  }, [integrationId, rows]);
  const current = seen.key === integrationId ? seen : fresh(integrationId);
  return {
    professionals: merge(
      (standard?.professionals ?? []).map(({ id, name }) => ({ id, name })),
      current.professionals,
    ),
    branches: merge(standard?.branches ?? [], current.branches),
  };
};
