import type { Message } from '@conversa/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

/** The simulated customer talks to the sandbox webhook exactly as a provider would, with the device secret. */
export type SandboxCustomer = { phone: string; name: string };

const headersOf = (secret: string) => ({ 'X-Sandbox-Secret': secret });

/** A text, or with `payload` a press of a reply button: its title as the body, its id as the payload. */
export const sendAsCustomer = (input: {
  deviceId: string;
  secret: string;
  customer: SandboxCustomer;
  body: string;
  id: string;
  payload?: string;
}) =>
  api.request(() => `/webhooks/sandbox/${input.deviceId}`, {
    method: 'POST',
    headers: headersOf(input.secret),
    body: {
      from: input.customer,
      message:
        input.payload === undefined
          ? { id: input.id, type: 'chat', body: input.body }
          : { id: input.id, type: 'button', body: input.body, payload: input.payload },
    },
  });

export const getOutbox = async (
  deviceId: string,
  secret: string,
  phone: string,
  signal?: AbortSignal,
): Promise<Message[]> =>
  (
    await api.request<Message>(
      () => `/webhooks/sandbox/${deviceId}/outbox?phone=${encodeURIComponent(phone)}`,
      {
        headers: headersOf(secret),
        errors: 'caller',
        signal,
      },
    )
  ).data;

/** What the agents sent to the simulated phone, polled every 2 s like a phone would be. */
export const outboxQueryOptions = (deviceId: string, secret: string, phone: string) =>
  queryOptions({
    queryKey: ['devices', 'outbox', deviceId, phone],
    queryFn: ({ signal }) => getOutbox(deviceId, secret, phone, signal),
    refetchInterval: 2000,
    enabled: phone.length >= 6 && secret !== '',
  });

export const useOutbox = (deviceId: string, secret: string, phone: string) =>
  useQuery(outboxQueryOptions(deviceId, secret, phone));

export const useSendAsCustomer = () => useMutation({ mutationFn: sendAsCustomer });
