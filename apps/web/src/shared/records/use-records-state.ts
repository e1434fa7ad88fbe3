import {
  type Filter,
  type Logical,
  type SettingViewField,
  type Sort,
  TIMING,
  type View,
} from '@conversa/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/use-account';
import { FILTERS_PREFIX } from '../session';
import { storage } from '../storage';
import { useDebounced } from '../use-debounced';
import type { RecordsQuery } from './api/search-records';
import { columnsOf, defaultViewOf, fallbackFields } from './columns';
import { draftOf, type FilterDraft, filtersOf } from './filter-values';
import type { RecordModule } from './record-module';

/** What a person has set up on a records table; kept across visits until the session ends. */
export type TableState = {
  viewId: string | null;
  columns: string[];
  drafts: FilterDraft[];
  logical: Logical;
  sort: Sort | undefined;
  search: string;
};

const storageKey = (module: string) => `${FILTERS_PREFIX}records.${module}`;

const readStored = (module: string): TableState | null => {
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKey(module)) ?? 'null');
    if (typeof stored !== 'object' || stored === null || !('columns' in stored) || !('drafts' in stored)) {
      return null;
    }
    return stored as TableState;
  } catch {
    return null;
  }
};

const PHONE_LIKE = /^\+?[\d\s-]{6,}$/;

/** The search box as one filter: a phone number looks in the phone field, anything else in the name. */
export const searchFilterOf = (
  config: Pick<RecordModule, 'searchKey' | 'phoneKey'>,
  text: string,
): Filter[] => {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (config.phoneKey && PHONE_LIKE.test(trimmed)) {
    return filtersOf({ key: config.phoneKey, type: 'phone', condition: 'contains', value: trimmed });
  }
  return [{ key: config.searchKey, condition: 'contains', value: trimmed }];
};

/**
 * The table's fields, saved views, columns, filters, sort and search, and the search body they make.
 * Choosing a view takes its columns, filters and sort; changing any of them leaves the view unsaved
 * until the person saves it.
 */
export const useRecordsState = (config: RecordModule) => {
  const { t } = useTranslation();
  const account = useAccount();
  const fields: SettingViewField[] = useMemo(
    () => account.setting_views[config.module] ?? fallbackFields(config.fields, (key) => t(key)),
    [account.setting_views, config.module, config.fields, t],
  );
  const views = useMemo(
    () => account.views.filter((view) => view.module === config.module),
    [account.views, config.module],
  );
  const defaultSort = useMemo((): Sort | undefined => {
    const created = fields.find((field) => field.key === 'create_date' && field.sortable);
    return created ? { key: created.key, order: 'desc' } : undefined;
  }, [fields]);

  const stateOf = useCallback(
    (view: View | undefined): TableState => ({
      viewId: view?.id ?? null,
      columns: columnsOf(view, fields, config.fields),
      drafts: (view?.filters.filters ?? []).flatMap((filter) => {
        const field = fields.find((item) => item.key === filter.key);
        return field ? [draftOf(filter, field.type)] : [];
      }),
      logical: view?.filters.logical ?? 'and',
      sort: view?.sort ?? defaultSort,
      search: '',
    }),
    [fields, config.fields, defaultSort],
  );

  const [state, setState] = useState<TableState>(() => {
    const stored = readStored(config.module);
    const isKnownView = stored?.viewId === null || views.some((view) => view.id === stored?.viewId);
    if (stored && isKnownView) {
      // A field the module no longer has would make every search a 400: its column and filters go.
      const known = new Set(fields.map((field) => field.key));
      return {
        ...stored,
        columns: columnsOf({ columns: stored.columns }, fields, config.fields),
        drafts: stored.drafts.filter((draft) => known.has(draft.key)),
        sort: stored.sort && known.has(stored.sort.key) ? stored.sort : defaultSort,
      };
    }
    return stateOf(defaultViewOf(views, config.module, account.user.id));
  });

  useEffect(() => {
    storage.setItem(storageKey(config.module), JSON.stringify(state));
  }, [config.module, state]);

  const chooseView = useCallback(
    (next: View | undefined) => setState((current) => ({ ...stateOf(next), search: current.search })),
    [stateOf],
  );
  const change = useCallback(
    (patch: Partial<TableState>) => setState((current) => ({ ...current, ...patch })),
    [],
  );

  const view = views.find((item) => item.id === state.viewId);
  const search = useDebounced(state.search, TIMING.searchDebounceMs);
  const filters = useMemo(() => state.drafts.flatMap((draft) => filtersOf(draft)), [state.drafts]);
  const query: RecordsQuery = useMemo(
    () => ({
      filters: [...filters, ...searchFilterOf(config, search)],
      logical: state.logical,
      ...(state.sort ? { sort: state.sort } : {}),
    }),
    [filters, search, config, state.logical, state.sort],
  );

  const saved = stateOf(view);
  const isChanged =
    JSON.stringify([state.columns, filters, state.logical, state.sort]) !==
    JSON.stringify([
      saved.columns,
      saved.drafts.flatMap((draft) => filtersOf(draft)),
      saved.logical,
      saved.sort,
    ]);

  return {
    fields,
    views,
    view,
    state,
    query,
    /** The filters of the builder (without the search box): what a saved view keeps. */
    filters,
    isChanged,
    chooseView,
    change,
  };
};

export type RecordsState = ReturnType<typeof useRecordsState>;
