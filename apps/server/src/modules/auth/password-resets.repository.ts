import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { passwordResets } from '../../core/db/schema';

export const createPasswordResetsRepository = (db: Executor) => ({
  async create(clientId: string, input: { userId: string; tokenHash: string; expiresAt: Date }) {
    await db.insert(passwordResets).values({
      client_id: clientId,
      user_id: input.userId,
      token_hash: input.tokenHash,
      expires_at: input.expiresAt,
    });
  },

  /** The link arrives before any tenant is known, so it is looked up by its hash alone. */
  async findUsable(tokenHash: string, now: Date) {
    const rows = await db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.token_hash, tokenHash),
          isNull(passwordResets.used_at),
          gt(passwordResets.expires_at, now),
        ),
      )
      .limit(1);
    return rows[0];
  },

  /** Ends every link of the user still open: using one link invalidates the others. */
  async markAllUsedOfUser(clientId: string, userId: string) {
    await db
      .update(passwordResets)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(passwordResets.client_id, clientId),
          eq(passwordResets.user_id, userId),
          isNull(passwordResets.used_at),
        ),
      );
  },

  /** Marks the link used; false when another request used it first. */
  async markUsed(clientId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(passwordResets)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(passwordResets.client_id, clientId),
          eq(passwordResets.id, id),
          isNull(passwordResets.used_at),
        ),
      )
      .returning({ id: passwordResets.id });
    return rows.length > 0;
  },
});
