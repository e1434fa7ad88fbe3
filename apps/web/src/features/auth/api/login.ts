import type {
  LoginData,
  SecondFactorLoginData,
  SigninInput,
  TwoFactorChallenge,
  TwoFactorLoginInput,
} from '@conversa/domain';
import { api, firstOf } from '../../../shared/api-client';
import { setSession } from '../../../shared/session';

/** Either the session, or the challenge of a sign-in that still owes its second factor. */
export type LoginResult = { data: LoginData | TwoFactorChallenge; info: string };

export const isChallenge = (data: LoginData | TwoFactorChallenge): data is TwoFactorChallenge =>
  'two_factor' in data;

export const storeSession = (data: LoginData) =>
  setSession({ token: data.access_token, clientID: data.clientid, userID: data.userid });

/** Login failures are shown by the form, so the client does not notify on its own. */
export const login = async (input: SigninInput): Promise<LoginResult> => {
  const envelope = await api.request<LoginData | TwoFactorChallenge>('login', {
    method: 'POST',
    body: input,
    errors: 'caller',
  });
  return { data: firstOf(envelope), info: envelope.info };
};

/**
 * The second step: the authenticator (or a recovery) code for the challenge; answers the session, which
 * the caller stores once the person has seen the recovery codes an enrollment hands out.
 */
export const loginSecondFactor = async (
  input: TwoFactorLoginInput,
): Promise<{ data: SecondFactorLoginData; info: string }> => {
  const envelope = await api.request<SecondFactorLoginData>('login/twofactor', {
    method: 'POST',
    body: input,
    errors: 'caller',
  });
  return { data: firstOf(envelope), info: envelope.info };
};
