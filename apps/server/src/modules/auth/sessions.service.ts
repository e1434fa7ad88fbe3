import type { SessionInfo } from '@conversa/domain';
import { createSessionsRepository } from '../../core/auth/sessions.repository';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';

/** The signed-in user's own sessions: the list the profile shows and revoking one of them. */
export const createSessionsService = ({ db, events }: { db: Database; events: EventBus }) => {
  const sessions = createSessionsRepository(db);
  return {
    async list(auth: AuthContext): Promise<SessionInfo[]> {
      const rows = await sessions.listOpenOfUser(auth.clientId, auth.userId, new Date());
      return rows.map((row) => ({
        id: row.id,
        device: row.device,
        ip: row.ip,
        last_seen: row.lastSeenAt.toISOString(),
        create_date: row.createDate.toISOString(),
        current: row.id === auth.sessionId,
      }));
    },

    /** Ends one of the caller's sessions (the current one too); another user's session is not found. */
    async revoke(auth: AuthContext, sessionId: string): Promise<void> {
      const ended = isUuid(sessionId)
        ? await sessions.revokeOfUser(auth.clientId, auth.userId, sessionId)
        : [];
      if (ended.length === 0) throw notFound();
      events.emit('session.revoked', { clientId: auth.clientId, sessionIds: ended });
    },
  };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
