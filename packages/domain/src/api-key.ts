import { z } from 'zod';
import type { PermissionKey } from './permissions';
import { searchBodySchema } from './search';
import { requiredText } from './validation';

/**
 * Company API keys (issue 17, crmx2): what an outside system may do through the public API with a key.
 * A scope is `<module>.<read|write>`; a key holds at least one.
 */
export const API_KEY_SCOPES = ['contacts.read', 'contacts.write', 'leads.read', 'leads.write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The permission keys each scope grants: a key may do exactly what these allow and nothing else (the
 * company's own plan still has to hold them). Writing does not include reading: a CRM that only pushes
 * needs no view of the company's records.
 */
export const API_KEY_SCOPE_PERMISSIONS: Record<ApiKeyScope, readonly PermissionKey[]> = {
  'contacts.read': ['contact.view'],
  'contacts.write': ['contact.create', 'contact.edit'],
  'leads.read': ['lead.view'],
  'leads.write': ['lead.create', 'lead.edit'],
};

/** The permission keys of a set of scopes, each once. */
export const permissionsOfScopes = (scopes: readonly ApiKeyScope[]): PermissionKey[] => [
  ...new Set(scopes.flatMap((scope) => API_KEY_SCOPE_PERMISSIONS[scope])),
];

/** Every key starts with this, so it is told from a session token (and from other secrets) at a glance. */
export const API_KEY_PREFIX = 'cvk_';
/** The header an outside system sends its key in (`Authorization: Bearer cvk_…` works too). */
export const API_KEY_HEADER = 'x-api-key';
/** How much of a key is kept in clear and shown, so people can tell their keys apart. */
export const API_KEY_SHOWN_LENGTH = 12;

export const apiKeyCreateSchema = z.strictObject({
  name: requiredText().max(100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'validation.badValue' }))
    .min(1, { error: 'validation.required' })
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'validation.duplicate' }),
  /** When the key stops working; absent or null: never. */
  expires_at: z.iso
    .datetime({ offset: true, error: 'validation.datetime' })
    .refine((value) => new Date(value).getTime() > Date.now(), { error: 'validation.futureMoment' })
    .transform((value) => new Date(value).toISOString())
    .nullable()
    .default(null),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

export const apiKeySearchSchema = searchBodySchema;

/** A key as every answer shows it: never the key itself nor its hash, only its first characters. */
export type ApiKey = {
  id: string;
  name: string;
  /** The key's first characters (`cvk_` and a few more), to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  create_date: string;
  /** The user who created it, null once that user is deleted. */
  created_by: string | null;
};

/** The answer of `apikey/create`: the only one that carries the whole key. */
export type CreatedApiKey = ApiKey & { key: string };

/** Whether a key still opens the API at `now`. */
export const isApiKeyActive = (key: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now = new Date()): boolean =>
  key.revoked_at === null && (key.expires_at === null || new Date(key.expires_at).getTime() > now.getTime());
