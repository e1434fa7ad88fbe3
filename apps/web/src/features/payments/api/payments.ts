import type {
  Deal,
  Filter,
  Logical,
  Payment,
  PaymentCreateInput,
  PaymentTotals,
  PaymentUpdateInput,
} from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import type { PickerSearch } from '../../../shared/records/api/pick-records';
import { recordsKey } from '../../../shared/records/api/search-records';

/** Under the record kit's key, so a payment edited in the table also refreshes these. */
const paymentsKey = recordsKey('payment');
export const paymentTotalsKey = [...paymentsKey, 'totals'] as const;
export const paymentListsKey = [...paymentsKey, 'of'] as const;

/** A deal's or a contact's payments: the few a detail page lists, newest payment date first. */
const LIST_SIZE = 200;

export const fetchPaymentTotals = async (
  query: { filters: Filter[]; logical: Logical },
  signal?: AbortSignal,
): Promise<PaymentTotals> =>
  firstOf(await api.request<PaymentTotals>('payment/totals', { method: 'POST', body: query, signal }));

export const usePaymentTotals = (query: { filters: Filter[]; logical: Logical }) =>
  useQuery(
    queryOptions({
      queryKey: [...paymentTotalsKey, query],
      queryFn: ({ signal }) => fetchPaymentTotals(query, signal),
    }),
  );

const listPayments = async (key: string, value: string, signal?: AbortSignal): Promise<Payment[]> =>
  (
    await api.request<Payment>('payment/search', {
      method: 'POST',
      body: {
        page: 1,
        offset: LIST_SIZE,
        filters: [{ key, condition: 'equalto', value }],
        logical: 'and',
        sort: { key: 'payment_date', order: 'desc' },
      },
      signal,
    })
  ).data;

export const useDealPaymentList = (dealId: string) =>
  useQuery({
    queryKey: [...paymentListsKey, 'deal', dealId],
    queryFn: ({ signal }) => listPayments('deal_id', dealId, signal),
  });

export const useContactPaymentList = (contactId: string) =>
  useQuery({
    queryKey: [...paymentListsKey, 'contact', contactId],
    queryFn: ({ signal }) => listPayments('deal.contact_id', contactId, signal),
  });

/** Deals for the payment dialog's picker, by name (contains), newest first. */
export const PAYMENT_DEAL_SEARCH: PickerSearch<Deal, Deal> = {
  api: 'deal',
  key: 'name',
  sort: { key: 'create_date', order: 'desc' },
  optionOf: (deal) => deal,
};

/**
 * After a payment changes, everything that shows it reads again: the payments lists and totals, and the
 * deals (their paid total and balance come from their payments).
 */
const useRefreshPayments = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: paymentsKey });
    void queryClient.invalidateQueries({ queryKey: recordsKey('deal') });
  };
};

export const useCreatePayment = () => {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: async (input: PaymentCreateInput) =>
      firstOf(
        await api.request<Payment>('payment/create', { method: 'POST', body: input, errors: 'caller' }),
      ),
    onSuccess: refresh,
  });
};

export const useUpdatePayment = () => {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: PaymentUpdateInput }) =>
      firstOf(
        await api.request<Payment>(`payment/updateone/${id}`, {
          method: 'PUT',
          body: patch,
          errors: 'caller',
        }),
      ),
    onSuccess: refresh,
  });
};

export const useDeletePayment = () => {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request(`payment/deleteone/${id}`, { method: 'DELETE' });
    },
    onSuccess: refresh,
  });
};
