import type { LoginData, SigninInput } from '@conversa/domain';
import { useMutation } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { setSession } from '../../../shared/session';

export type LoginResult = { data: LoginData; info: string };

/** Login failures are shown by the form, so the client does not notify on its own. */
export const login = async (input: SigninInput): Promise<LoginResult> => {
  const envelope = await api.request<LoginData>('login', { method: 'POST', body: input, errors: 'caller' });
  return { data: firstOf(envelope), info: envelope.info };
};

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: ({ data }) =>
      setSession({ token: data.access_token, clientID: data.clientid, userID: data.userid }),
  });
