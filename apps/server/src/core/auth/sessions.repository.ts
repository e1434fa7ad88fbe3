import type { AccountType } from '@conversa/domain';
import { and, desc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { clients, sessions, users } from '../db/schema';

export type SessionLookup = {
  sessionId: string;
  userId: string;
  clientId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date;
  account: AccountType;
  userAccess: string[];
  userActive: boolean;
  clientAccess: string[];
  clientStatus: string;
  market: boolean;
  impersonatedBy: string | null;
};

export type SessionListRow = { id: string; device: string; ip: string; lastSeenAt: Date; createDate: Date };

const open = (now: Date) => and(isNull(sessions.revoked_at), gt(sessions.expires_at, now));

/** Sessions are looked up before the tenant is known, so these queries key on the token hash. */
export const createSessionsRepository = (db: Executor) => ({
  async create(
    clientId: string,
    input: {
      userId: string;
      tokenHash: string;
      expiresAt: Date;
      device: string;
      ip: string;
      impersonatedBy?: string;
    },
  ) {
    await db.insert(sessions).values({
      client_id: clientId,
      user_id: input.userId,
      token_hash: input.tokenHash,
      expires_at: input.expiresAt,
      device: input.device,
      ip: input.ip,
      impersonated_by: input.impersonatedBy ?? null,
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
        lastSeenAt: sessions.last_seen_at,
        account: users.account,
        userAccess: users.access,
        userActive: users.active,
        clientAccess: clients.access,
        clientStatus: clients.status,
        market: clients.market,
        impersonatedBy: sessions.impersonated_by,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.user_id), eq(users.client_id, sessions.client_id)))
      .innerJoin(clients, eq(clients.id, sessions.client_id))
      .where(eq(sessions.token_hash, tokenHash))
      .limit(1);
    return rows[0];
  },

  /** Moves last seen forward unless another request did so within `staleBefore`. */
  async touch(sessionId: string, now: Date, staleBefore: Date) {
    await db
      .update(sessions)
      .set({ last_seen_at: now })
      .where(and(eq(sessions.id, sessionId), lt(sessions.last_seen_at, staleBefore)));
  },

  /** The user's sessions still in force, most recently used first. */
  async listOpenOfUser(clientId: string, userId: string, now: Date): Promise<SessionListRow[]> {
    return db
      .select({
        id: sessions.id,
        device: sessions.device,
        ip: sessions.ip,
        lastSeenAt: sessions.last_seen_at,
        createDate: sessions.create_date,
      })
      .from(sessions)
      .where(and(eq(sessions.client_id, clientId), eq(sessions.user_id, userId), open(now)))
      .orderBy(desc(sessions.last_seen_at), desc(sessions.id));
  },

  /** Ends one session of a user; answers the ids it ended (none when it was not theirs or already over). */
  async revokeOfUser(clientId: string, userId: string, sessionId: string): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(
        and(
          eq(sessions.client_id, clientId),
          eq(sessions.user_id, userId),
          eq(sessions.id, sessionId),
          isNull(sessions.revoked_at),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  },

  /** Ends every open session of a user, except `keepSessionId` when given (the caller's own). */
  revokeAllOfUser(clientId: string, userId: string, keepSessionId?: string): Promise<string[]> {
    return this.revokeAllOfUsers(clientId, [userId], keepSessionId);
  },

  /** Ends every open session of a company (a blocked one): its sockets are closed by the caller's event. */
  async revokeAllOfClient(clientId: string): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.client_id, clientId), isNull(sessions.revoked_at)))
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  },

  /** Ends the open sessions of several users of one company (those a new two-factor rule shuts out). */
  async revokeAllOfUsers(clientId: string, userIds: string[], keepSessionId?: string): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(
        and(
          eq(sessions.client_id, clientId),
          inArray(sessions.user_id, userIds),
          isNull(sessions.revoked_at),
          ...(keepSessionId ? [ne(sessions.id, keepSessionId)] : []),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  },
});

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
