import type { Deal, Filter } from '@conversa/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { type Notification, RECONNECTED, useSocketEvent } from '../../../shared/socket';

/** The chat shows what is still being worked; the contact's page shows every outcome. */
export type ContactDealsScope = 'open' | 'all';

/** More than a person reads beside a conversation; the deals page lists the rest. */
const CONTACT_DEALS_LIMIT = 50;

export const contactDealsKey = (contactId: string) => ['contact-deals', contactId] as const;

const searchContactDeals = async (
  contactId: string,
  scope: ContactDealsScope,
  signal?: AbortSignal,
): Promise<Deal[]> => {
  const filters: Filter[] = [{ key: 'contact_id', condition: 'equalto', value: contactId }];
  if (scope === 'open') filters.push({ key: 'stage', condition: 'equalto', value: 'open' });
  return (
    await api.request<Deal>('deal/search', {
      method: 'POST',
      body: {
        page: 1,
        offset: CONTACT_DEALS_LIMIT,
        filters,
        logical: 'and',
        sort: { key: 'create_date', order: 'desc' },
      },
      signal,
    })
  ).data;
};

export const contactDealsOptions = (contactId: string, scope: ContactDealsScope) =>
  queryOptions({
    queryKey: [...contactDealsKey(contactId), scope],
    queryFn: ({ signal }) => searchContactDeals(contactId, scope, signal),
  });

type Row = { id?: unknown; contact_id?: unknown; deal_id?: unknown };

/**
 * A contact's deals, read again when a deal of this contact is created, changed, moved, paid or deleted
 * by anyone (a card moved on the board arrives as the pipeline's `updateAlt`).
 */
export const useContactDeals = (contactId: string, scope: ContactDealsScope, isEnabled = true) => {
  const queryClient = useQueryClient();
  const query = useQuery({ ...contactDealsOptions(contactId, scope), enabled: isEnabled });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: contactDealsKey(contactId) });

  useSocketEvent<Notification>('notification', (notification) => {
    if (!['deal', 'pipeline', 'payment'].includes(notification.module)) return;
    const shown = new Set((query.data ?? []).map((deal) => deal.id));
    const rows = notification.data as Row[];
    const concernsContact = rows.some(
      (row) =>
        row.contact_id === contactId ||
        (typeof row.id === 'string' && shown.has(row.id)) ||
        (typeof row.deal_id === 'string' && shown.has(row.deal_id)),
    );
    // A pipeline change renames or reorders stages the list reads from the account; only moves matter here.
    const isMove = notification.module === 'pipeline' && notification.action === 'updateAlt';
    if (concernsContact || isMove) refetch();
  });
  useSocketEvent(RECONNECTED, refetch);

  return query;
};
