import type {
  TwoFactorConfirmInput,
  TwoFactorDisableInput,
  TwoFactorEnrollment,
  TwoFactorPolicyInput,
  TwoFactorStatus,
} from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const twoFactorQuery = queryOptions({
  queryKey: ['two-factor'],
  queryFn: async ({ signal }) => firstOf(await api.request<TwoFactorStatus>('twofactor/status', { signal })),
});

export const useTwoFactorStatus = () => useQuery(twoFactorQuery);

const useRefreshAfter = <TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
  });
};

/** A new secret to scan; two-factor is not on until a code from it is confirmed. */
export const useEnrollTwoFactor = () =>
  useMutation({
    mutationFn: async () =>
      firstOf(await api.request<TwoFactorEnrollment>('twofactor/enroll', { method: 'POST' })),
  });

/** The code switches two-factor on and answers the recovery codes, shown once; errors go to the form. */
export const useConfirmTwoFactor = () =>
  useRefreshAfter(async (input: TwoFactorConfirmInput) => {
    const envelope = await api.request<{ recovery_codes: string[] }>('twofactor/confirm', {
      method: 'POST',
      body: input,
      errors: 'caller',
    });
    return { codes: firstOf(envelope).recovery_codes, info: envelope.info };
  });

export const useDisableTwoFactor = () =>
  useRefreshAfter(
    async (input: TwoFactorDisableInput) =>
      (await api.request('twofactor/disable', { method: 'POST', body: input, errors: 'caller' })).info,
  );

/** The owner's rule: every user of the company must use two-factor. */
export const useCompanyTwoFactorRule = () =>
  useRefreshAfter(
    async (input: TwoFactorPolicyInput) =>
      (await api.request('twofactor/policy', { method: 'PUT', body: input })).info,
  );
