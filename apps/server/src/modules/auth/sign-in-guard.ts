import { LOGIN_ATTEMPTS } from '@conversa/domain';
import { createPasswordChecker, type PasswordChecker } from '../../core/auth/passwords';
import { tooManyAttempts } from '../../core/http/app-error';
import { type AttemptLimiter, createAttemptLimiter } from '../../core/http/attempt-limiter';

/** What one guess is counted against: the account (e-mail or user id) and the caller's address. */
export type GuessKeys = { account: string; address: string };

const limiterOf = (limits: { free: number; max: number }): AttemptLimiter =>
  createAttemptLimiter({
    freeFailures: limits.free,
    maxFailures: limits.max,
    windowMs: LOGIN_ATTEMPTS.windowMinutes * 60_000,
    baseDelayMs: LOGIN_ATTEMPTS.baseDelaySeconds * 1000,
    maxDelayMs: LOGIN_ATTEMPTS.maxDelaySeconds * 1000,
  });

/**
 * Every secret a person proves (password at sign-in or before a change, two-factor code) goes through
 * here: guesses are counted per account from any address and per address across accounts, a key that must
 * wait is answered 429 before any argon2 work, and the argon2 work itself runs under a bounded, fair gate.
 */
export const createSignInGuard = (checker: PasswordChecker = createPasswordChecker()) => {
  const passwordsPerAccount = limiterOf(LOGIN_ATTEMPTS.perAccount);
  const codesPerAccount = limiterOf(LOGIN_ATTEMPTS.secondFactor);
  const perAddress = limiterOf(LOGIN_ATTEMPTS.perAddress);

  /**
   * Refuses with 429 while the account or the address must wait; otherwise counts the attempt as failed
   * right away (in the same tick as the check), so a burst of concurrent guesses cannot all pass the check
   * before the first one is counted. A success takes it back.
   */
  const begin = (accountLimiter: AttemptLimiter, keys: GuessKeys) => {
    const wait = Math.max(accountLimiter.waitMs(keys.account), perAddress.waitMs(keys.address));
    if (wait > 0) throw tooManyAttempts(wait);
    accountLimiter.fail(keys.account);
    perAddress.fail(keys.address);
    return async (check: () => Promise<boolean>): Promise<boolean> => {
      let isValid: boolean;
      try {
        isValid = await check();
      } catch (error) {
        // Not a guess that was judged (the gate was full, the database failed): it does not count.
        accountLimiter.refund(keys.account);
        perAddress.refund(keys.address);
        throw error;
      }
      if (isValid) {
        accountLimiter.reset(keys.account);
        perAddress.refund(keys.address);
      }
      return isValid;
    };
  };

  return {
    /**
     * Checks a password against the hash `loadHash` finds (none for an unknown account, which costs the
     * same time); a wrong one stays counted. A key that must wait is refused before even the lookup.
     */
    async checkPassword(keys: GuessKeys, loadHash: () => Promise<string | undefined>, password: string) {
      const attempt = begin(passwordsPerAccount, { ...keys, account: `password:${keys.account}` });
      return attempt(async () => checker.check(keys.address, await loadHash(), password));
    },

    /** Checks a two-factor code with `verify`; a wrong one stays counted against the account's codes. */
    async checkCode(keys: GuessKeys, verify: () => Promise<boolean>) {
      const attempt = begin(codesPerAccount, { ...keys, account: `code:${keys.account}` });
      return attempt(verify);
    },
  };
};

export type SignInGuard = ReturnType<typeof createSignInGuard>;
