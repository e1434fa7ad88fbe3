import type { CheckoutAnswer, Feature, Invoice, Pagination, PaymentProvider, Plan } from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, type ErrorMode, firstOf } from '../../../shared/api-client';

/** The Marketplace lists the whole public catalogue on one page: it is a handful of plans and features. */
const CATALOGUE_SIZE = 100;

export const billingKey = ['billing'] as const;

const searchCatalogue = async <T>(path: string, signal?: AbortSignal): Promise<T[]> =>
  (
    await api.request<T>(path, {
      method: 'POST',
      body: { page: 1, offset: CATALOGUE_SIZE, filters: [], logical: 'and' },
      signal,
      errors: 'caller',
    })
  ).data;

/** The plans a company may buy (a client account gets the public ones), cheapest first. */
export const useMarketplacePlans = () =>
  useQuery({
    queryKey: [...billingKey, 'plans'],
    queryFn: async ({ signal }) =>
      (await searchCatalogue<Plan>('plan/search', signal))
        .filter((plan) => plan.is_public)
        .sort((a, b) => a.price_clp - b.price_clp),
  });

export const useMarketplaceFeatures = () =>
  useQuery({
    queryKey: [...billingKey, 'features'],
    queryFn: async ({ signal }) =>
      (await searchCatalogue<Feature>('feature/search', signal)).filter((feature) => feature.is_public),
  });

/** The providers the platform has credentials for; the Marketplace offers no other. */
export const useOfferedProviders = () =>
  useQuery({
    queryKey: [...billingKey, 'providers'],
    queryFn: async ({ signal }) =>
      (await api.request<{ provider: PaymentProvider }>('billing/providers', { signal })).data.map(
        (row) => row.provider,
      ),
  });

/** What is being bought: a plan, or a number of units of a feature. */
export type CheckoutItem = { plan_id: string } | { feature_id: string };
export type CheckoutInput = CheckoutItem & { quantity: number; provider: PaymentProvider };

export const useCheckout = () =>
  useMutation({
    mutationFn: async (input: CheckoutInput) =>
      firstOf(
        await api.request<CheckoutAnswer>('billing/checkout', {
          method: 'POST',
          body: input,
          errors: 'caller',
        }),
      ),
  });

export type InvoicesQuery = { page: number; offset: number };
export type InvoicesPage = { invoices: Invoice[]; pagination: Pagination };

export const searchInvoices = async (
  query: InvoicesQuery,
  signal?: AbortSignal,
  errors: ErrorMode = 'notify',
): Promise<InvoicesPage> => {
  const envelope = await api.request<Invoice>('invoice/search', {
    method: 'POST',
    body: { ...query, filters: [], logical: 'and', sort: { key: 'create_date', order: 'desc' } },
    signal,
    errors,
  });
  return {
    invoices: envelope.data,
    pagination: envelope.pagination ?? { total: envelope.data.length, ...query },
  };
};

/** The newest first; the previous page stays while the next loads. */
export const useInvoices = (query: InvoicesQuery) =>
  useQuery({
    queryKey: [...billingKey, 'invoices', query],
    queryFn: ({ signal }) => searchInvoices(query, signal),
    placeholderData: keepPreviousData,
  });

/** How often a returning payer's page looks for the invoice, in case the realtime outcome was missed. */
export const PURCHASE_POLL_MS = 3000;

/**
 * Whether the purchase has its invoice yet. The outcome's realtime notification may have been sent while
 * the payer was still on the provider's page (no socket then), so the waiting page also looks here.
 */
export const usePurchaseInvoice = (purchaseId: string, isEnabled: boolean) =>
  useQuery({
    queryKey: [...billingKey, 'purchase-invoice', purchaseId],
    queryFn: async ({ signal }) => {
      // A failed look is only retried at the next poll: the realtime outcome may still come.
      const { invoices } = await searchInvoices({ page: 1, offset: 25 }, signal, 'caller');
      return invoices.find((invoice) => invoice.purchase_id === purchaseId) ?? null;
    },
    enabled: isEnabled,
    refetchInterval: (query) => (query.state.data ? false : PURCHASE_POLL_MS),
  });
