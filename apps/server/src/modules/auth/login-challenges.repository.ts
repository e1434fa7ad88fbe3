import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type LoginChallengeKind, loginChallenges } from '../../core/db/schema';

/** A challenge dies after this many wrong codes; the sign-in starts over with the password. */
export const CHALLENGE_MAX_FAILURES = 5;

export const createLoginChallengesRepository = (db: Executor) => ({
  async create(
    clientId: string,
    input: {
      userId: string;
      tokenHash: string;
      kind: LoginChallengeKind;
      expiresAt: Date;
      device: string;
      ip: string;
    },
  ) {
    await db.insert(loginChallenges).values({
      client_id: clientId,
      user_id: input.userId,
      token_hash: input.tokenHash,
      kind: input.kind,
      expires_at: input.expiresAt,
      device: input.device,
      ip: input.ip,
    });
  },

  /** The challenge arrives before any tenant is known, so it is looked up by its hash alone. */
  async findUsable(tokenHash: string, now: Date) {
    const rows = await db
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.token_hash, tokenHash),
          isNull(loginChallenges.used_at),
          gt(loginChallenges.expires_at, now),
          lt(loginChallenges.failures, CHALLENGE_MAX_FAILURES),
        ),
      )
      .limit(1);
    return rows[0];
  },

  async countFailure(clientId: string, id: string) {
    await db
      .update(loginChallenges)
      .set({ failures: sql`${loginChallenges.failures} + 1` })
      .where(and(eq(loginChallenges.client_id, clientId), eq(loginChallenges.id, id)));
  },

  /** Marks the challenge used; false when another request used it first. */
  async markUsed(clientId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(loginChallenges)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(loginChallenges.client_id, clientId),
          eq(loginChallenges.id, id),
          isNull(loginChallenges.used_at),
        ),
      )
      .returning({ id: loginChallenges.id });
    return rows.length > 0;
  },
});
