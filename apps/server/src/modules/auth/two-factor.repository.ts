import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, recoveryCodes, users } from '../../core/db/schema';

/** The two-factor columns of users and companies, and the recovery codes. */
export const createTwoFactorRepository = (db: Executor) => ({
  async policyOf(clientId: string) {
    const rows = await db
      .select({
        status: clients.status,
        required: clients.two_factor_required,
        enforced: clients.two_factor_enforced,
      })
      .from(clients)
      .where(eq(clients.id, clientId))
      .limit(1);
    return rows[0];
  },

  async setPolicy(clientId: string, patch: { two_factor_required?: boolean; two_factor_enforced?: boolean }) {
    const rows = await db
      .update(clients)
      .set(patch)
      .where(eq(clients.id, clientId))
      .returning({ id: clients.id });
    return rows.length > 0;
  },

  /** The users of a company still signing in without a second factor. */
  async usersWithout(clientId: string): Promise<string[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.client_id, clientId), isNull(users.totp_enabled_at)));
    return rows.map((row) => row.id);
  },

  /** Starts (or restarts) an enrollment: a sealed secret that is not in force until confirmed. */
  async setPendingSecret(clientId: string, userId: string, sealedSecret: string) {
    await db
      .update(users)
      .set({ totp_secret: sealedSecret, totp_enabled_at: null, totp_last_step: null })
      .where(and(eq(users.client_id, clientId), eq(users.id, userId), isNull(users.totp_enabled_at)));
  },

  /**
   * Records a code's step as used, only when it is later than the last one; false when the code (or a
   * later one) was already accepted, which refuses a replay.
   */
  async acceptStep(clientId: string, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ totp_last_step: step })
      .where(
        and(
          eq(users.client_id, clientId),
          eq(users.id, userId),
          isNotNull(users.totp_secret),
          or(isNull(users.totp_last_step), lt(users.totp_last_step, step)),
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async enable(clientId: string, userId: string, codeHashes: string[]) {
    await db
      .update(users)
      .set({ totp_enabled_at: new Date() })
      .where(and(eq(users.client_id, clientId), eq(users.id, userId)));
    await this.replaceRecoveryCodes(clientId, userId, codeHashes);
  },

  async disable(clientId: string, userId: string) {
    await db
      .update(users)
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where(and(eq(users.client_id, clientId), eq(users.id, userId)));
    await db
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.client_id, clientId), eq(recoveryCodes.user_id, userId)));
  },

  async replaceRecoveryCodes(clientId: string, userId: string, codeHashes: string[]) {
    await db
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.client_id, clientId), eq(recoveryCodes.user_id, userId)));
    await db
      .insert(recoveryCodes)
      .values(codeHashes.map((code_hash) => ({ client_id: clientId, user_id: userId, code_hash })));
  },

  /** Uses a recovery code up; false when it is not one of the user's or was used already. */
  async useRecoveryCode(clientId: string, userId: string, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(recoveryCodes.client_id, clientId),
          eq(recoveryCodes.user_id, userId),
          eq(recoveryCodes.code_hash, codeHash),
          isNull(recoveryCodes.used_at),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },

  async recoveryCodesLeft(clientId: string, userId: string): Promise<number> {
    const rows = await db
      .select({ total: count() })
      .from(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.client_id, clientId),
          eq(recoveryCodes.user_id, userId),
          isNull(recoveryCodes.used_at),
        ),
      );
    return rows[0]?.total ?? 0;
  },
});

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
