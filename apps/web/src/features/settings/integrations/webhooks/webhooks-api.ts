import type { WebhookDelivery, WebhookDeliveryStatus } from '@conversa/domain';
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

/** Under `settings`, so the settings page's reconnect refresh reads the open log again too. */
export const deliveriesKey = ['settings', 'webhook-deliveries'] as const;

export type DeliveryPage = ListPage<WebhookDelivery>;
export type DeliveryQuery = PageQuery & { status: WebhookDeliveryStatus | null };

/** One webhook's delivery log, newest first, optionally only the deliveries in one status. */
export const useDeliveries = (integrationId: string, query: DeliveryQuery) =>
  useQuery({
    queryKey: [...deliveriesKey, integrationId, query],
    queryFn: ({ signal }) =>
      searchPage<WebhookDelivery>(
        `webhook/deliveries/${integrationId}`,
        query,
        // No sort: the server's order is newest first, ties broken by id.
        { filters: query.status ? [{ key: 'status', condition: 'in', value: [query.status] }] : [] },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * A delivery's new state (a retry, a replay, the receiver's answer) taken in place where it is listed. A
 * row stays where it is even when it no longer matches the status filter, so nothing moves under the
 * pointer; a delivery not listed yet (a new event) has the webhook's log read again.
 */
export const applyDeliveryChange = (queryClient: QueryClient, delivery: WebhookDelivery): void => {
  const webhookKey = [...deliveriesKey, delivery.integration_id];
  let isListed = false;
  queryClient.setQueriesData<DeliveryPage>({ queryKey: webhookKey }, (page) => {
    if (!page?.rows.some((row) => row.id === delivery.id)) return page;
    isListed = true;
    return { ...page, rows: page.rows.map((row) => (row.id === delivery.id ? delivery : row)) };
  });
  if (!isListed) void queryClient.invalidateQueries({ queryKey: webhookKey });
};

const isDelivery = (value: unknown): value is WebhookDelivery =>
  typeof value === 'object' && value !== null && 'id' in value && 'integration_id' in value;

/** A `webhook` notification applied to the open log. */
export const applyWebhookNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module !== 'webhook' || notification.action !== 'update') return;
  for (const item of notification.data) {
    if (isDelivery(item)) applyDeliveryChange(queryClient, item);
  }
};

export const useDeliveriesLive = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyWebhookNotification(queryClient, notification),
  );
};

/** Queues a delivery again; the answer is its row, pending again. */
export const useReplayDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      firstOf(
        await api.request<WebhookDelivery>(`webhook/replay/${id}`, { method: 'POST', errors: 'caller' }),
      ),
    onSuccess: (delivery) => applyDeliveryChange(queryClient, delivery),
  });
};
