import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKey,
  type apiKeyCreateSchema,
  auditChanges,
  type CreatedApiKey,
  DEFAULT_LOCALE,
  type SearchBody,
} from '@conversa/domain';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import { createToken, hashToken } from '../../core/auth/tokens';
import type { Database, Executor } from '../../core/db/database';
import { type ApiKeyRow, apiKeys } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { buildSearchQuery, NEWEST_FIRST, type SearchWhitelist } from '../../core/http/search-query';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { toApiKey } from './api-keys.mapper';
import { createApiKeysRepository } from './api-keys.repository';

type CreateInput = z.output<typeof apiKeyCreateSchema>;

export const API_KEY_MODULE = 'apikey';

const API_KEY_KEYS: SearchWhitelist = {
  name: { column: apiKeys.name, type: 'text' },
  prefix: { column: apiKeys.prefix, type: 'text' },
  create_date: { column: apiKeys.create_date, type: 'date' },
  last_used_at: { column: apiKeys.last_used_at, type: 'date' },
  expires_at: { column: apiKeys.expires_at, type: 'date' },
  revoked_at: { column: apiKeys.revoked_at, type: 'date' },
};

/** What an audit row compares: what people set, not the bookkeeping of its use. */
const AUDIT_IGNORED = ['last_used_at', 'create_date'];

/** A fresh key: `cvk_` and 32 random bytes, URL-safe. */
export const createApiKeySecret = (): string => `${API_KEY_PREFIX}${createToken()}`;

/**
 * The company's API keys (issue 17, crmx2): created with the whole key answered once (only its SHA-256 and
 * first characters are kept), listed, and revoked (the row stays, so the log and the list still name it).
 */
export const createApiKeysService = ({ db, events }: { db: Database; events: EventBus }) => {
  const repo = createApiKeysRepository(db);

  /** The change's audit row and notification in its transaction; the notification goes out after commit. */
  const write = async (
    auth: AuthContext,
    action: 'create' | 'update',
    info: MessageKey,
    before: ApiKey | null,
    work: (tx: Executor) => Promise<ApiKeyRow>,
  ): Promise<ApiKey> => {
    const { key, notification } = await db.transaction(async (tx) => {
      const after = toApiKey(await work(tx));
      await writeAuditLog(tx, auth, [
        {
          action,
          module: API_KEY_MODULE,
          recordId: after.id,
          changes: auditChanges(before, after, AUDIT_IGNORED),
        },
      ]);
      const stored = await createRealtimeEventsRepository(tx).record(auth.clientId, {
        module: API_KEY_MODULE,
        action,
        data: [after],
        msg: translate(auth.locale ?? DEFAULT_LOCALE, info),
        ref: after.id,
      });
      return { key: after, notification: stored };
    });
    events.emit('record.changed', {
      clientId: auth.clientId,
      module: API_KEY_MODULE,
      notifications: [notification],
    });
    return key;
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, API_KEY_KEYS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: apiKeys.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(toApiKey), pagination: query.pagination(total) };
    },

    async create(auth: AuthContext, input: CreateInput): Promise<CreatedApiKey> {
      const secret = createApiKeySecret();
      const key = await write(auth, 'create', 'info.apiKeyCreated', null, (tx) =>
        createApiKeysRepository(tx).insert({
          client_id: auth.clientId,
          name: input.name,
          prefix: secret.slice(0, API_KEY_SHOWN_LENGTH),
          key_hash: hashToken(secret),
          scopes: input.scopes,
          created_by: auth.userId || null,
          expires_at: input.expires_at ? new Date(input.expires_at) : null,
        }),
      );
      return { ...key, key: secret };
    },

    /** Revokes a key at once: its next call answers 401. 406 when it was revoked already. */
    async revoke(auth: AuthContext, id: string): Promise<ApiKey> {
      const current = await repo.findById(auth.clientId, id);
      if (!current) throw notFound();
      if (current.revoked_at) throw new AppError(406, 'info.apiKeyAlreadyRevoked');
      return write(auth, 'update', 'info.apiKeyRevoked', toApiKey(current), async (tx) => {
        const row = await createApiKeysRepository(tx).revoke(auth.clientId, id, new Date());
        // Another administrator revoked it between the read and this write.
        if (!row) throw new AppError(406, 'info.apiKeyAlreadyRevoked');
        return row;
      });
    },
  };
};

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
