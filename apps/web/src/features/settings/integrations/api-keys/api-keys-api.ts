import type { ApiKey, ApiKeyCreateInput, CreatedApiKey } from '@conversa/domain';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, firstOf } from '../../../../shared/api-client';
import { type Notification, useSocketEvent } from '../../../../shared/socket';
import { type ListPage, type PageQuery, searchPage } from '../search-page';

/** Under `settings`, so the settings page's reconnect refresh reads it again too. */
export const apiKeysKey = ['settings', 'api-keys'] as const;

export type ApiKeyPage = ListPage<ApiKey>;

/** The company's API keys, newest first, revoked ones included (the list says so). */
export const useApiKeyList = (query: PageQuery) =>
  useQuery({
    queryKey: [...apiKeysKey, query],
    queryFn: ({ signal }) => searchPage<ApiKey>('apikey/search', query, { filters: [] }, signal),
    placeholderData: keepPreviousData,
  });

const isApiKey = (value: unknown): value is ApiKey =>
  typeof value === 'object' && value !== null && 'id' in value && 'prefix' in value && 'scopes' in value;

/**
 * A key's new state applied to every loaded page: a new one goes first (newest first), a revoked one takes
 * its state in place. Used by this screen's own calls and by the realtime notifications, in either order.
 * Only the key's public fields are kept: the whole key of a create never reaches the cache.
 */
export const applyApiKeyChange = (queryClient: QueryClient, action: 'create' | 'update', key: ApiKey) => {
  const shown: ApiKey = {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    last_used_at: key.last_used_at,
    expires_at: key.expires_at,
    revoked_at: key.revoked_at,
    create_date: key.create_date,
    created_by: key.created_by,
  };
  queryClient.setQueriesData<ApiKeyPage>({ queryKey: apiKeysKey }, (page) => {
    if (!page) return page;
    if (page.rows.some((row) => row.id === key.id)) {
      return { ...page, rows: page.rows.map((row) => (row.id === key.id ? shown : row)) };
    }
    return action === 'create' ? { rows: [shown, ...page.rows], total: page.total + 1 } : page;
  });
};

/** An `apikey` notification (a colleague created or revoked a key) applied to the list. */
export const applyApiKeyNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module !== 'apikey') return;
  if (notification.action !== 'create' && notification.action !== 'update') return;
  for (const item of notification.data) {
    if (isApiKey(item)) applyApiKeyChange(queryClient, notification.action, item);
  }
};

export const useApiKeysLive = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyApiKeyNotification(queryClient, notification),
  );
};

/** Creates a key; the answer is the only one that carries the whole key. */
export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApiKeyCreateInput) =>
      firstOf(
        await api.request<CreatedApiKey>('apikey/create', { method: 'POST', body: input, errors: 'caller' }),
      ),
    onSuccess: (created) => applyApiKeyChange(queryClient, 'create', created),
  });
};

/** Revokes a key: it stops working at once and stays listed as revoked. */
export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      firstOf(await api.request<ApiKey>(`apikey/deleteone/${id}`, { method: 'DELETE', errors: 'caller' })),
    onSuccess: (revoked) => applyApiKeyChange(queryClient, 'update', revoked),
  });
};
