import {
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyCreateInput,
  type ApiKeyScope,
  apiKeyCreateSchema,
  isApiKeyActive,
} from '@conversa/domain';

/** What the dialog holds; the expiry is a day (`YYYY-MM-DD`, the date field's value), '' for never. */
export type ApiKeyForm = { name: string; scopes: ApiKeyScope[]; expiresOn: string };

export const emptyApiKeyForm = (): ApiKeyForm => ({ name: '', scopes: [], expiresOn: '' });

/** A key chosen to expire on a day works until that day ends, where the person is. */
const endOfDay = (day: string): string => {
  const moment = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(moment.getTime()) ? day : moment.toISOString();
};

/** The scopes in the domain's order, whatever order they were ticked in. */
export const apiKeyInputOf = (form: ApiKeyForm): ApiKeyCreateInput => ({
  name: form.name,
  scopes: API_KEY_SCOPES.filter((scope) => form.scopes.includes(scope)),
  ...(form.expiresOn ? { expires_at: endOfDay(form.expiresOn) } : {}),
});

/** The domain's rule over the form: each field's first message key (`name`, `scopes`, `expires_at`). */
export const validateApiKey = (form: ApiKeyForm): Record<string, string> => {
  const result = apiKeyCreateSchema.safeParse(apiKeyInputOf(form));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    errors[String(issue.path[0] ?? '')] ??= issue.message.startsWith('validation.')
      ? issue.message
      : 'validation.invalid';
  }
  return errors;
};

export type ApiKeyState = 'active' | 'revoked' | 'expired';

export const apiKeyStateOf = (key: ApiKey, now = new Date()): ApiKeyState =>
  key.revoked_at !== null ? 'revoked' : isApiKeyActive(key, now) ? 'active' : 'expired';
