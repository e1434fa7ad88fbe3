import { normalizePhone, type SignupForm, type SignupInput, subdomainOf } from '@conversa/domain';
import { api } from '../../../shared/api-client';

type SignupFormValues = Omit<SignupForm, 'passwordConfirm'> & { passwordConfirm?: unknown };

/** The confirmation stays in the form; the server gets the subdomain and the clean phone (spec section 3). */
export const toSignupBody = ({ passwordConfirm: _dropped, ...form }: SignupFormValues) => ({
  ...form,
  phone: normalizePhone(String(form.phone)),
  subdomain: subdomainOf(String(form.company)),
});

export const signup = async (form: SignupFormValues): Promise<string> => {
  const envelope = await api.request<unknown>('signup', {
    method: 'POST',
    body: toSignupBody(form) satisfies SignupInput & { subdomain: string },
    errors: 'caller',
  });
  return envelope.info;
};
