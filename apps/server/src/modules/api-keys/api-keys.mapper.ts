import type { ApiKey } from '@conversa/domain';
import type { ApiKeyRow } from '../../core/db/schema';

/** A key as answers show it: its first characters, never the hash. */
export const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  last_used_at: row.last_used_at?.toISOString() ?? null,
  expires_at: row.expires_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
  create_date: row.create_date.toISOString(),
  created_by: row.created_by,
});
