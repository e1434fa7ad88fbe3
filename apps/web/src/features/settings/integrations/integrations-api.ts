import {
  BOT_INTEGRATION_TYPES,
  INTEGRATION_SECRET_KEYS,
  type Integration,
  type IntegrationCreateInput,
  type IntegrationType,
  type IntegrationUpdateInput,
  isSchedulingIntegrationType,
  maskSecret,
} from '@conversa/domain';
import {
  keepPreviousData,
  type Query,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { schedulingIntegrationsKey } from '../../../shared/scheduling/scheduling-integrations';
import { usePaging } from '../../../shared/ui/paged-table';
import { type ListPage, type PageQuery, searchPage } from './search-page';

/** Under `settings`, so the settings page's reconnect refresh reads it again too. */
export const integrationsKey = ['settings', 'integrations'] as const;

export type IntegrationPage = ListPage<Integration>;

/**
 * The company's integrations of some types, newest first: the answer bots by default, the webhooks
 * (crmx2) in their own section. The other types of the contract (CRM, PBX, scheduling) get their own
 * settings when they are built, so each list keeps to what it can edit.
 */
export const useIntegrationList = (
  query: PageQuery,
  types: readonly IntegrationType[] = BOT_INTEGRATION_TYPES,
) =>
  useQuery({
    queryKey: [...integrationsKey, types, query],
    queryFn: ({ signal }) =>
      searchPage<Integration>(
        'integration/search',
        query,
        {
          filters: [{ key: 'type', condition: 'in', value: [...types] }],
          sort: { key: 'create_date', order: 'desc' },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** A section's page of its integrations: the pager, the query, and the page's rows of those types. */
export const useIntegrationPage = (types: readonly IntegrationType[]) => {
  const paging = usePaging();
  const query = useIntegrationList({ page: paging.page, offset: paging.offset }, types);
  const rows = (query.data?.rows ?? []).filter((integration) => types.includes(integration.type));
  return { paging, query, rows };
};

/** Whether a loaded list is of the integration's type (its key is `[...integrationsKey, types, query]`). */
const listsTypeOf = (query: Query, type: IntegrationType | undefined): boolean => {
  const types = query.queryKey[integrationsKey.length];
  return type === undefined || (Array.isArray(types) && types.includes(type));
};

/**
 * One integration's change applied to every loaded page of its type: a new one goes first (the list is
 * newest first), a changed one takes its new state in place, a deleted one leaves. Used by the answers of
 * this screen's own calls and by the realtime notifications, which may arrive in either order.
 */
export const applyIntegrationChange = (
  queryClient: QueryClient,
  action: 'create' | 'update' | 'delete',
  integration: Pick<Integration, 'id'> & Partial<Integration>,
): void => {
  // The agenda's and the confirmations' pickers keep their own list of the scheduling systems: a new,
  // changed or removed one must show there on the next visit, not a minute later.
  if (integration.type === undefined || isSchedulingIntegrationType(integration.type)) {
    void queryClient.invalidateQueries({ queryKey: schedulingIntegrationsKey });
  }
  const filters = {
    queryKey: integrationsKey,
    predicate: (query: Query) => listsTypeOf(query, integration.type),
  };
  queryClient.setQueriesData<IntegrationPage>(filters, (page) => {
    if (!page) return page;
    const isListed = page.rows.some((row) => row.id === integration.id);
    if (action === 'delete') {
      return isListed
        ? { rows: page.rows.filter((row) => row.id !== integration.id), total: Math.max(0, page.total - 1) }
        : page;
    }
    if (isListed) {
      return {
        ...page,
        rows: page.rows.map((row) => (row.id === integration.id ? { ...row, ...integration } : row)),
      };
    }
    const isWhole = 'type' in integration && 'name' in integration && 'config' in integration;
    return action === 'create' && isWhole
      ? { rows: [integration as Integration, ...page.rows], total: page.total + 1 }
      : page;
  });
};

const SECRET_KEYS: Partial<Record<string, readonly string[]>> = INTEGRATION_SECRET_KEYS;

/**
 * A create answers a webhook's secret whole, to be shown once; the lists keep it masked like every other
 * answer, so it is never shown again after that.
 */
const withSecretsMasked = (integration: Integration): Integration => {
  const keys = SECRET_KEYS[integration.type] ?? [];
  return {
    ...integration,
    config: Object.fromEntries(
      Object.entries(integration.config).map(([key, value]) => [
        key,
        keys.includes(key) && typeof value === 'string' ? maskSecret(value) : value,
      ]),
    ),
  };
};

export const useCreateIntegration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: IntegrationCreateInput) =>
      firstOf(
        await api.request<Integration>('integration/create', {
          method: 'POST',
          body: input,
          errors: 'caller',
        }),
      ),
    onSuccess: (saved) => applyIntegrationChange(queryClient, 'create', withSecretsMasked(saved)),
  });
};

export const useUpdateIntegration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: IntegrationUpdateInput }) =>
      firstOf(
        await api.request<Integration>(`integration/updateone/${id}`, {
          method: 'PUT',
          body: input,
          errors: 'caller',
        }),
      ),
    onSuccess: (saved) => applyIntegrationChange(queryClient, 'update', saved),
  });
};

export const useDeleteIntegration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request(`integration/deleteone/${id}`, { method: 'DELETE', errors: 'caller' });
      return id;
    },
    onSuccess: (id) => applyIntegrationChange(queryClient, 'delete', { id }),
  });
};

/** Calls the provider with the stored settings; the answer says how it went in status, error, last_sync_at. */
export const useTestIntegration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      firstOf(await api.request<Integration>(`integration/test/${id}`, { method: 'POST', errors: 'caller' })),
    onSuccess: (tested) => applyIntegrationChange(queryClient, 'update', tested),
  });
};
