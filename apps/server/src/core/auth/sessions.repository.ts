import type { AccountType } from '@conversa/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { clients, sessions, users } from '../db/schema';

export type SessionLookup = {
  sessionId: string;
  userId: string;
  clientId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  account: AccountType;
  userAccess: string[];
  clientAccess: string[];
  market: boolean;
};

/** Sessions are looked up before the tenant is known, so these queries key on the token hash. */
export const createSessionsRepository = (db: Executor) => ({
  async create(clientId: string, input: { userId: string; tokenHash: string; expiresAt: Date }) {
    await db.insert(sessions).values({
      client_id: clientId,
      user_id: input.userId,
      token_hash: input.tokenHash,
      expires_at: input.expiresAt,
    });
  },

  async findByTokenHash(tokenHash: string): Promise<SessionLookup | undefined> {
    const rows = await db
      .select({
        sessionId: sessions.id,
        userId: sessions.user_id,
        clientId: sessions.client_id,
        expiresAt: sessions.expires_at,
        revokedAt: sessions.revoked_at,
        account: users.account,
        userAccess: users.access,
        clientAccess: clients.access,
        market: clients.market,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.user_id), eq(users.client_id, sessions.client_id)))
      .innerJoin(clients, eq(clients.id, sessions.client_id))
      .where(eq(sessions.token_hash, tokenHash))
      .limit(1);
    return rows[0];
  },

  async revoke(clientId: string, sessionId: string) {
    await db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.client_id, clientId), eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
  },

  /** Ends every open session of a user, except `keepSessionId` when given (the caller's own). */
  async revokeAllOfUser(clientId: string, userId: string, keepSessionId?: string) {
    const conditions = [
      eq(sessions.client_id, clientId),
      eq(sessions.user_id, userId),
      isNull(sessions.revoked_at),
      ...(keepSessionId ? [ne(sessions.id, keepSessionId)] : []),
    ];
    await db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(...conditions));
  },
});

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
