import {
  type Locale,
  type LoginData,
  RECOVERY_CODE_PATTERN,
  RESET_MAILS_PER_ACCOUNT,
  RESET_TOKEN_TTL_MINUTES,
  SESSION_TTL_HOURS,
  type SecondFactorLoginData,
  type Signup,
  type TwoFactorChallenge,
} from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import { describeDevice } from '../../core/auth/device';
import { hashPassword } from '../../core/auth/passwords';
import { createSessionsRepository } from '../../core/auth/sessions.repository';
import { createToken, hashToken } from '../../core/auth/tokens';
import {
  createRecoveryCodes,
  createTotpSecret,
  describeEnrollment,
  hashRecoveryCode,
  totpStepOf,
} from '../../core/auth/totp';
import type { SecretBox } from '../../core/crypto/secret-box';
import { type Database, isUniqueViolation, violatedConstraint } from '../../core/db/database';
import type { UserRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, conflict } from '../../core/http/app-error';
import { createAttemptLimiter, maxPerWindow } from '../../core/http/attempt-limiter';
import type { AttemptStore } from '../../core/http/attempt-store';
import type { AuthContext } from '../../core/http/fastify-types';
import { translate } from '../../core/i18n/i18n';
import type { Mailer } from '../../core/mail/mailer';
import { createCompanyWithOwner } from '../clients/company-setup';
import { createPlansRepository } from '../plans/plans.repository';
import { createUsersRepository } from '../users/users.repository';
import { createLoginChallengesRepository } from './login-challenges.repository';
import { createPasswordResetsRepository } from './password-resets.repository';
import type { SignInGuard } from './sign-in-guard';
import { createTwoFactorRepository } from './two-factor.repository';

export type AuthServiceDeps = {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  logger: {
    error: (object: unknown, message: string) => void;
    warn: (object: unknown, message: string) => void;
  };
  events: EventBus;
  box: SecretBox;
  guard: SignInGuard;
  attempts: AttemptStore;
};

/** Who is signing in from where: the address counts guesses; both are shown in the sessions list. */
export type RequestMeta = { ip: string; userAgent: string | undefined };

/** The second step must follow the password within this time. */
const CHALLENGE_TTL_MS = 5 * 60_000;

const addMs = (ms: number) => new Date(Date.now() + ms);

/** The reset mail is written in the user's language when the server has its texts; Spanish otherwise. */
const mailLocale = (language: string): Locale => (language === 'en' ? 'en' : 'es');

const challengeExpired = () => badRequest([{ path: 'challenge', message: 'info.twoFactorExpired' }]);
const wrongCode = () => badRequest([{ path: 'code', message: 'info.twoFactorInvalid' }]);

export const createAuthService = ({
  db,
  mailer,
  publicUrl,
  logger,
  events,
  box,
  guard,
  attempts,
}: AuthServiceDeps) => {
  const users = createUsersRepository(db);
  const resets = createPasswordResetsRepository(db);
  const challenges = createLoginChallengesRepository(db);
  const twoFactor = createTwoFactorRepository(db);
  const resetMailsPerAccount = createAttemptLimiter(
    attempts,
    'reset-mail',
    maxPerWindow(RESET_MAILS_PER_ACCOUNT.max, RESET_MAILS_PER_ACCOUNT.windowMinutes * 60_000),
  );

  const revoked = (clientId: string, sessionIds: string[]) => {
    if (sessionIds.length > 0) events.emit('session.revoked', { clientId, sessionIds });
  };

  /** The session, the last sign-in time and the audit row commit together. */
  const openSession = async (user: UserRow, meta: RequestMeta): Promise<LoginData> => {
    const token = createToken();
    await db.transaction(async (tx) => {
      await createSessionsRepository(tx).create(user.client_id, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: addMs(SESSION_TTL_HOURS * 3_600_000),
        device: describeDevice(meta.userAgent),
        ip: meta.ip,
      });
      await createUsersRepository(tx).touchLastLogin(user.client_id, user.id);
      await writeAuditLog(tx, { clientId: user.client_id, userId: user.id, ip: meta.ip }, [
        { action: 'login', module: 'user', recordId: user.id },
      ]);
    });
    return { access_token: token, clientid: user.client_id, userid: user.id };
  };

  const openChallenge = async (
    user: UserRow,
    kind: TwoFactorChallenge['two_factor'],
    meta: RequestMeta,
  ): Promise<TwoFactorChallenge> => {
    const challenge = createToken();
    await challenges.create(user.client_id, {
      userId: user.id,
      tokenHash: hashToken(challenge),
      kind,
      expiresAt: addMs(CHALLENGE_TTL_MS),
      device: describeDevice(meta.userAgent),
      ip: meta.ip,
    });
    if (kind === 'code') return { two_factor: kind, challenge };
    // The company requires two-factor of a user who has none: a new secret is shown with the challenge.
    const secret = createTotpSecret();
    await twoFactor.setPendingSecret(user.client_id, user.id, box.encrypt(secret));
    return { two_factor: kind, challenge, enrollment: await describeEnrollment(secret, user.email) };
  };

  const mailResetLink = async (user: UserRow): Promise<void> => {
    const token = createToken();
    await resets.create(user.client_id, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: addMs(RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    const locale = mailLocale(user.language);
    const link = `${publicUrl}/signin?restore=${encodeURIComponent(token)}`;
    try {
      await mailer.sendMail({
        to: user.email,
        subject: translate(locale, 'mail.restoreSubject'),
        text: translate(locale, 'mail.restoreBody', {
          name: user.name,
          link,
          minutes: RESET_TOKEN_TTL_MINUTES,
        }),
      });
    } catch (error) {
      logger.error({ err: error }, 'password reset mail failed');
    }
  };

  /** An authenticator code for the user's stored secret, accepted once; or, when allowed, a recovery code. */
  const proveSecondFactor = async (user: UserRow, code: string, allowRecovery: boolean): Promise<boolean> => {
    if (allowRecovery && RECOVERY_CODE_PATTERN.test(code))
      return twoFactor.useRecoveryCode(user.client_id, user.id, hashRecoveryCode(code));
    if (!user.totp_secret) return false;
    const step = totpStepOf(box.decrypt(user.totp_secret), code);
    return step !== undefined && (await twoFactor.acceptStep(user.client_id, user.id, step));
  };

  return {
    /** A new company on the default (trial) plan, with its owner; the trial grants the plan's keys. */
    async signup(input: Signup): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          const plan = await createPlansRepository(tx).findDefault();
          if (!plan) throw new Error('No default plan: the database was not seeded');
          await createCompanyWithOwner(tx, {
            name: input.company,
            email: input.email,
            phone: input.phone,
            subdomain: input.subdomain,
            country: input.country,
            timezone: input.timezone,
            language: input.language,
            industry: input.industry,
            quantityemple: input.quantityemple,
            plan,
            owner: { name: input.nameuser, passwordHash },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          if (violatedConstraint(error).includes('subdomain')) throw conflict('info.companyTaken', 'company');
          throw conflict('info.emailTaken', 'email');
        }
        throw error;
      }
    },

    /**
     * The password step. Guesses are limited per account and per address (429 with Retry-After before any
     * argon2 work). A user with two-factor, or whose company requires it, gets a challenge instead of a
     * session.
     */
    async login(
      input: { email: string; password: string },
      meta: RequestMeta,
    ): Promise<LoginData | TwoFactorChallenge> {
      let user: UserRow | undefined;
      const isValid = await guard.checkPassword(
        { account: input.email.toLowerCase(), address: meta.ip },
        async () => {
          user = await users.findByEmailAcrossTenants(input.email);
          return user?.password_hash;
        },
        input.password,
      );
      if (!user || !isValid) throw new AppError(401, 'info.invalidCredentials');
      const policy = await twoFactor.policyOf(user.client_id);
      if (!user.active || policy?.status !== 'active') throw new AppError(403, 'info.accountDisabled');
      if (user.totp_enabled_at) return openChallenge(user, 'code', meta);
      if (policy.required || policy.enforced) return openChallenge(user, 'enroll', meta);
      return openSession(user, meta);
    },

    /**
     * The second step: an authenticator code (or a recovery code) for the challenge. For an 'enroll'
     * challenge the code confirms the new secret, two-factor is switched on and the recovery codes come
     * back with the session, shown once.
     */
    async loginSecondFactor(
      input: { challenge: string; code: string },
      meta: RequestMeta,
    ): Promise<SecondFactorLoginData> {
      const challenge = await challenges.findUsable(hashToken(input.challenge), new Date());
      if (!challenge) throw challengeExpired();
      const user = await users.findById(challenge.client_id, challenge.user_id);
      if (!user) throw challengeExpired();
      const isEnrolling = challenge.kind === 'enroll';
      const isValid = await guard.checkCode({ account: user.id, address: meta.ip }, () =>
        proveSecondFactor(user, input.code, !isEnrolling),
      );
      if (!isValid) {
        await challenges.countFailure(challenge.client_id, challenge.id);
        throw wrongCode();
      }
      if (!(await challenges.markUsed(challenge.client_id, challenge.id))) throw challengeExpired();
      if (!isEnrolling) return openSession(user, meta);
      const recovery = createRecoveryCodes();
      await db.transaction(async (tx) => {
        await createTwoFactorRepository(tx).enable(user.client_id, user.id, recovery.hashes);
      });
      return { ...(await openSession(user, meta)), recovery_codes: recovery.codes };
    },

    async logout(auth: AuthContext): Promise<void> {
      const sessionIds = await db.transaction(async (tx) => {
        const ended = await createSessionsRepository(tx).revokeOfUser(
          auth.clientId,
          auth.userId,
          auth.sessionId,
        );
        // Signing out of an impersonation is the master's act: the company's log names the master.
        const actor = auth.impersonatedBy ? { ...auth, userId: auth.impersonatedBy } : auth;
        await writeAuditLog(tx, actor, [{ action: 'logout', module: 'user', recordId: auth.userId }]);
        return ended;
      });
      revoked(auth.clientId, sessionIds);
    },

    /**
     * Anyone's request for a reset link. Always succeeds from the caller's view, so nobody can learn which
     * e-mails are registered; past RESET_MAILS_PER_ACCOUNT the account gets no more mail for a while, with
     * the same answer, so many requesters (or addresses) cannot flood one inbox and cannot tell they were
     * held back either.
     */
    async restore(email: string): Promise<void> {
      const user = await users.findByEmailAcrossTenants(email);
      if (!user) return;
      if ((await resetMailsPerAccount.take(user.id)) > 0) {
        logger.warn({ userId: user.id }, 'password reset mail held back: too many for this account');
        return;
      }
      await mailResetLink(user);
    },

    /** The master's "send a password mail" for an account it manages: not limited, it is a trusted act. */
    async sendResetMail(email: string): Promise<void> {
      const user = await users.findByEmailAcrossTenants(email);
      if (user) await mailResetLink(user);
    },

    /**
     * A valid link sets the new password once, ends every other link the user was sent and every session
     * the user had.
     */
    async restoreConfirm(input: { token: string; password: string }): Promise<void> {
      const invalidLink = () => badRequest([{ path: 'token', message: 'info.restoreInvalid' }]);
      const reset = await resets.findUsable(hashToken(input.token), new Date());
      if (!reset) throw invalidLink();
      const passwordHash = await hashPassword(input.password);
      const sessionIds = await db.transaction(async (tx) => {
        const txResets = createPasswordResetsRepository(tx);
        if (!(await txResets.markUsed(reset.client_id, reset.id))) throw invalidLink();
        await txResets.markAllUsedOfUser(reset.client_id, reset.user_id);
        await createUsersRepository(tx).setPassword(reset.client_id, reset.user_id, passwordHash);
        return createSessionsRepository(tx).revokeAllOfUser(reset.client_id, reset.user_id);
      });
      revoked(reset.client_id, sessionIds);
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
