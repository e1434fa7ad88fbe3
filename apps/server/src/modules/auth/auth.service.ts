import {
  LOGIN_ATTEMPTS,
  type Locale,
  type LoginData,
  NUMBER_FORMATS,
  RESET_TOKEN_TTL_MINUTES,
  SESSION_TTL_HOURS,
  type Signup,
} from '@conversa/domain';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../core/auth/passwords';
import { createSessionsRepository } from '../../core/auth/sessions.repository';
import { createToken, hashToken } from '../../core/auth/tokens';
import { type Database, isUniqueViolation, violatedConstraint } from '../../core/db/database';
import { AppError, badRequest, conflict } from '../../core/http/app-error';
import { createAttemptLimiter } from '../../core/http/attempt-limiter';
import type { AuthContext } from '../../core/http/fastify-types';
import { translate } from '../../core/i18n/i18n';
import type { Mailer } from '../../core/mail/mailer';
import { createClientsRepository } from '../clients/clients.repository';
import { createPlansRepository } from '../plans/plans.repository';
import { createUsersRepository } from '../users/users.repository';
import { createPasswordResetsRepository } from './password-resets.repository';

export type AuthServiceDeps = {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  logger: { error: (object: unknown, message: string) => void };
};

const addMs = (ms: number) => new Date(Date.now() + ms);

/** The reset mail is written in the user's language when the server has its texts; Spanish otherwise. */
const mailLocale = (language: string): Locale => (language === 'en' ? 'en' : 'es');

export const createAuthService = ({ db, mailer, publicUrl, logger }: AuthServiceDeps) => {
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const resets = createPasswordResetsRepository(db);
  const failedLogins = createAttemptLimiter({
    max: LOGIN_ATTEMPTS.max,
    windowMs: LOGIN_ATTEMPTS.windowMinutes * 60_000,
  });

  return {
    /** A new company on the default (trial) plan, with its owner; the trial grants the plan's keys. */
    async signup(input: Signup): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          const plan = await createPlansRepository(tx).findDefault();
          if (!plan) throw new Error('No default plan: the database was not seeded');
          const client = await createClientsRepository(tx).insert({
            name: input.company,
            email: input.email,
            phone: input.phone,
            subdomain: input.subdomain,
            country: input.country,
            timezone: input.timezone,
            language: input.language,
            industry: input.industry,
            quantityemple: input.quantityemple,
            plan_id: plan.id,
            access: plan.access,
            plan_expires_at: addMs(plan.duration_days * 86_400_000),
            is_paid: null,
            number_format: input.country === 'US' ? NUMBER_FORMATS.US : NUMBER_FORMATS.CL,
          });
          await createUsersRepository(tx).insert(client.id, {
            name: input.nameuser,
            email: input.email,
            phone: input.phone,
            password_hash: passwordHash,
            account: 'client',
            language: input.language,
            answer: true,
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

    /** Failed attempts are counted per e-mail and address; past the limit even a right password waits. */
    async login(input: { email: string; password: string }, ip: string): Promise<LoginData> {
      const attemptKey = `${input.email}|${ip}`;
      if (failedLogins.isBlocked(attemptKey)) throw new AppError(429, 'info.tooManyAttempts');
      const user = await users.findByEmailAcrossTenants(input.email);
      const isValid = user
        ? await verifyPassword(user.password_hash, input.password)
        : await burnPasswordCheck(input.password).then(() => false);
      if (!user || !isValid) {
        failedLogins.fail(attemptKey);
        throw new AppError(401, 'info.invalidCredentials');
      }
      failedLogins.reset(attemptKey);
      const token = createToken();
      await sessions.create(user.client_id, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: addMs(SESSION_TTL_HOURS * 3_600_000),
      });
      await users.touchLastLogin(user.client_id, user.id);
      return { access_token: token, clientid: user.client_id, userid: user.id };
    },

    async logout(auth: AuthContext): Promise<void> {
      await sessions.revoke(auth.clientId, auth.sessionId);
    },

    /** Always succeeds from the caller's view, so nobody can learn which e-mails are registered. */
    async restore(email: string): Promise<void> {
      const user = await users.findByEmailAcrossTenants(email);
      if (!user) return;
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
    },

    /** A valid link sets the new password once and ends every session the user had. */
    async restoreConfirm(input: { token: string; password: string }): Promise<void> {
      const invalidLink = () => badRequest([{ path: 'token', message: 'info.restoreInvalid' }]);
      const reset = await resets.findUsable(hashToken(input.token), new Date());
      if (!reset) throw invalidLink();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await createPasswordResetsRepository(tx).markUsed(reset.client_id, reset.id)))
          throw invalidLink();
        await createUsersRepository(tx).setPassword(reset.client_id, reset.user_id, passwordHash);
        await createSessionsRepository(tx).revokeAllOfUser(reset.client_id, reset.user_id);
      });
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
