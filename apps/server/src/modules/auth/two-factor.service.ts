import type { TwoFactorEnrollment, TwoFactorRequiredBy, TwoFactorStatus } from '@conversa/domain';
import { auditChanges, RECOVERY_CODE_PATTERN } from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import { createSessionsRepository } from '../../core/auth/sessions.repository';
import {
  createRecoveryCodes,
  createTotpSecret,
  describeEnrollment,
  hashRecoveryCode,
  totpStepOf,
} from '../../core/auth/totp';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { UserRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { badRequest, forbidden, notFound, preconditionFailed } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { createUsersRepository } from '../users/users.repository';
import type { SignInGuard } from './sign-in-guard';
import { createTwoFactorRepository } from './two-factor.repository';

export type TwoFactorServiceDeps = { db: Database; events: EventBus; box: SecretBox; guard: SignInGuard };

const wrongCode = () => badRequest([{ path: 'code', message: 'info.twoFactorInvalid' }]);

const requiredByOf = (policy: { required: boolean; enforced: boolean } | undefined): TwoFactorRequiredBy =>
  policy?.enforced ? 'platform' : policy?.required ? 'company' : null;

/**
 * A user's own two-factor (enroll, confirm, disable) and the rules that require it: the company owner's
 * (`two_factor_required`) and the master's per company (`two_factor_enforced`, which the owner cannot lift).
 * Switching a rule on ends the sessions of the company's users without two-factor: their next sign-in
 * makes them enroll before they get a session.
 */
export const createTwoFactorService = ({ db, events, box, guard }: TwoFactorServiceDeps) => {
  const repo = createTwoFactorRepository(db);
  const users = createUsersRepository(db);

  const loadSelf = async (auth: AuthContext): Promise<UserRow> => {
    const user = await users.findById(auth.clientId, auth.userId);
    if (!user) throw notFound();
    return user;
  };

  /** Verifies a code under the guess limits; recovery codes only where they may stand in for the app. */
  const checkCode = (auth: AuthContext, ip: string, user: UserRow, code: string, allowRecovery: boolean) =>
    guard.checkCode({ account: user.id, address: ip }, async () => {
      if (allowRecovery && RECOVERY_CODE_PATTERN.test(code))
        return repo.useRecoveryCode(auth.clientId, user.id, hashRecoveryCode(code));
      if (!user.totp_secret) return false;
      const step = totpStepOf(box.decrypt(user.totp_secret), code);
      return step !== undefined && (await repo.acceptStep(auth.clientId, user.id, step));
    });

  /**
   * Sets a rule and, when it is switched on, ends the sessions of the users it now shuts out. The change
   * is written to the company's audit log under whoever made it (the owner, or the master).
   */
  const applyPolicy = async (
    actor: AuthContext,
    clientId: string,
    patch: { two_factor_required?: boolean; two_factor_enforced?: boolean },
  ) => {
    const sessionIds = await db.transaction(async (tx) => {
      const txRepo = createTwoFactorRepository(tx);
      const before = await txRepo.policyOf(clientId);
      if (!before || !(await txRepo.setPolicy(clientId, patch))) throw notFound();
      const changes = auditChanges(
        { two_factor_required: before.required, two_factor_enforced: before.enforced },
        { two_factor_required: before.required, two_factor_enforced: before.enforced, ...patch },
      );
      // The owner's "off" under the master's rule changes nothing, so it leaves no row.
      if (Object.keys(changes).length > 0)
        await writeAuditLog(tx, { ...actor, clientId }, [
          { action: 'update', module: 'client', recordId: clientId, changes },
        ]);
      const isOn = patch.two_factor_required === true || patch.two_factor_enforced === true;
      if (!isOn) return [];
      return createSessionsRepository(tx).revokeAllOfUsers(clientId, await txRepo.usersWithout(clientId));
    });
    if (sessionIds.length > 0) events.emit('session.revoked', { clientId, sessionIds });
  };

  return {
    async status(auth: AuthContext): Promise<TwoFactorStatus> {
      const [user, policy, left] = await Promise.all([
        loadSelf(auth),
        repo.policyOf(auth.clientId),
        repo.recoveryCodesLeft(auth.clientId, auth.userId),
      ]);
      return {
        enabled: user.totp_enabled_at !== null,
        required_by: requiredByOf(policy),
        recovery_codes_left: left,
      };
    },

    /** A new secret, shown once; two-factor is not in force until a code from it is confirmed. */
    async enroll(auth: AuthContext): Promise<TwoFactorEnrollment> {
      const user = await loadSelf(auth);
      if (user.totp_enabled_at) throw preconditionFailed('info.twoFactorAlreadyOn');
      const secret = createTotpSecret();
      await repo.setPendingSecret(auth.clientId, user.id, box.encrypt(secret));
      return describeEnrollment(secret, user.email);
    },

    /** A code from the new secret switches two-factor on; the ten recovery codes are answered once. */
    async confirm(auth: AuthContext, ip: string, code: string): Promise<{ recovery_codes: string[] }> {
      const user = await loadSelf(auth);
      if (user.totp_enabled_at) throw preconditionFailed('info.twoFactorAlreadyOn');
      if (!user.totp_secret) throw preconditionFailed('info.twoFactorNotStarted');
      if (!(await checkCode(auth, ip, user, code, false))) throw wrongCode();
      const recovery = createRecoveryCodes();
      await db.transaction(async (tx) => {
        await createTwoFactorRepository(tx).enable(auth.clientId, user.id, recovery.hashes);
      });
      return { recovery_codes: recovery.codes };
    },

    /** Needs a code (or a recovery code) or the password; refused while a rule requires two-factor. */
    async disable(auth: AuthContext, ip: string, input: { code?: string; password?: string }): Promise<void> {
      const user = await loadSelf(auth);
      if (!user.totp_enabled_at) throw preconditionFailed('info.twoFactorOff');
      if (requiredByOf(await repo.policyOf(auth.clientId)))
        throw preconditionFailed('info.twoFactorRequired');
      if (input.code !== undefined) {
        if (!(await checkCode(auth, ip, user, input.code, true))) throw wrongCode();
      } else {
        const isValid = await guard.checkPassword(
          { account: user.email, address: ip },
          async () => user.password_hash,
          input.password ?? '',
        );
        if (!isValid) throw badRequest([{ path: 'password', message: 'info.currentPasswordWrong' }]);
      }
      await db.transaction(async (tx) => createTwoFactorRepository(tx).disable(auth.clientId, user.id));
    },

    /**
     * The owner requires two-factor of every user of their company. They must use it themselves first, so
     * switching it on never shuts the owner out.
     */
    async setCompanyRule(auth: AuthContext, required: boolean): Promise<void> {
      if (auth.account === 'user') throw forbidden();
      if (required && !(await loadSelf(auth)).totp_enabled_at)
        throw preconditionFailed('info.twoFactorEnableFirst');
      await applyPolicy(auth, auth.clientId, { two_factor_required: required });
    },

    /** The master enforces two-factor on one company; its owner cannot switch the rule off. */
    async setPlatformRule(auth: AuthContext, clientId: string, enforced: boolean): Promise<void> {
      if (!isUuid(clientId)) throw notFound();
      await applyPolicy(auth, clientId, { two_factor_enforced: enforced });
    },
  };
};

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
