import { API_KEY_PREFIX, hasAccess, permissionsOfScopes } from '@conversa/domain';
import { LAST_SEEN_EVERY_MS, type SessionResult } from '../../core/auth/session-resolver';
import { hashToken } from '../../core/auth/tokens';
import type { Executor } from '../../core/db/database';
import type { ApiKeyResolver } from '../../core/http/auth.hook';
import { createApiKeysRepository } from './api-keys.repository';

/**
 * Resolves a company API key to the caller it stands for: the key's company, no user, and only the
 * permissions its scopes grant that the company's plan also holds. A revoked or expired key, or one of a
 * blocked company, is refused like an expired token; an unknown one like a bad token.
 */
export const createApiKeyResolver = (
  db: Executor,
  onTouchFailed: (error: unknown) => void = () => {},
): ApiKeyResolver => {
  const repo = createApiKeysRepository(db);
  return {
    async resolve(key: string): Promise<SessionResult> {
      // A key of the wrong shape cannot be ours; skip the lookup.
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 128) return { ok: false, problem: 'invalid' };
      const found = await repo.findByHash(hashToken(key));
      if (!found) return { ok: false, problem: 'invalid' };
      const { key: row } = found;
      const now = Date.now();
      if (
        row.revoked_at ||
        (row.expires_at && row.expires_at.getTime() <= now) ||
        found.clientStatus !== 'active'
      )
        return { ok: false, problem: 'expired' };
      if (!row.last_used_at || now - row.last_used_at.getTime() >= LAST_SEEN_EVERY_MS) {
        // Not awaited, as a session's last seen: a failure only loses a timestamp.
        repo.touch(row.id, new Date(now), new Date(now - LAST_SEEN_EVERY_MS)).catch(onTouchFailed);
      }
      const company = { account: 'client' as const, userAccess: [], clientAccess: found.clientAccess };
      const granted = permissionsOfScopes(row.scopes).filter((permission) =>
        hasAccess({ ...company, market: found.market }, permission),
      );
      return {
        ok: true,
        auth: {
          userId: '',
          clientId: row.client_id,
          // Judged by its own list (the scopes' keys), as a staff user is; never the market's everything.
          account: 'user',
          userAccess: granted,
          clientAccess: [],
          market: false,
          sessionId: '',
          apiKey: { id: row.id, name: row.name },
        },
      };
    },
  };
};
