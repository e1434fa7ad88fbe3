import { LOGIN_ATTEMPTS } from '@conversa/domain';
import { createPasswordChecker, type PasswordChecker } from '../../core/auth/passwords';
import { tooManyAttempts } from '../../core/http/app-error';
import { type AttemptLimiter, createAttemptLimiter } from '../../core/http/attempt-limiter';
import type { AttemptStore } from '../../core/http/attempt-store';

/** What one guess is counted against: the account (e-mail or user id) and the caller's address. */
export type GuessKeys = { account: string; address: string };

const limiterOf = (store: AttemptStore, name: string, limits: { free: number; max: number }) =>
  createAttemptLimiter(store, name, {
    ...limits,
    windowMs: LOGIN_ATTEMPTS.windowMinutes * 60_000,
    baseDelayMs: LOGIN_ATTEMPTS.baseDelaySeconds * 1000,
    maxDelayMs: LOGIN_ATTEMPTS.maxDelaySeconds * 1000,
  });

/**
 * Every secret a person proves (password at sign-in or before a change, two-factor code) goes through
 * here: guesses are counted per account from any address and per address across accounts, a key that must
 * wait is answered 429 before any argon2 work, and the argon2 work itself runs under a bounded, fair gate.
 */
export const createSignInGuard = (
  store: AttemptStore,
  checker: PasswordChecker = createPasswordChecker(),
) => {
  const passwordsPerAccount = limiterOf(store, 'password', LOGIN_ATTEMPTS.perAccount);
  const codesPerAccount = limiterOf(store, 'code', LOGIN_ATTEMPTS.secondFactor);
  const perAddress = limiterOf(store, 'address', LOGIN_ATTEMPTS.perAddress);

  /**
   * Counts the attempt as failed on the account and on the address, each in one atomic step of the store
   * shared by every process, unless either must wait: then 429, and the other's count is taken back. So a
   * burst of concurrent guesses, on any process, cannot all pass before the first one is counted. It runs
   * in the address's turn, so a flood from a few addresses asks the store in those addresses' turns, and is
   * refused without asking once they must wait, rather than crowding out everyone else's sign-in. A
   * success takes the attempt back.
   */
  const begin = async (accountLimiter: AttemptLimiter, keys: GuessKeys) => {
    const wait = await perAddress.inTurn(keys.address, async () => {
      const knownWait = accountLimiter.knownWaitMs(keys.account);
      if (knownWait > 0) return knownWait;
      const [addressWait, accountWait] = await Promise.all([
        perAddress.take(keys.address),
        accountLimiter.take(keys.account),
      ]);
      if (addressWait > 0 || accountWait > 0)
        await Promise.all([
          addressWait === 0 && perAddress.refund(keys.address),
          accountWait === 0 && accountLimiter.refund(keys.account),
        ]);
      return Math.max(addressWait, accountWait);
    });
    if (wait > 0) throw tooManyAttempts(wait);
    return async (check: () => Promise<boolean>): Promise<boolean> => {
      let isValid: boolean;
      try {
        isValid = await check();
      } catch (error) {
        // Not a guess that was judged (the gate was full, the database failed): it does not count.
        await Promise.all([accountLimiter.refund(keys.account), perAddress.refund(keys.address)]);
        throw error;
      }
      if (isValid) await Promise.all([accountLimiter.reset(keys.account), perAddress.refund(keys.address)]);
      return isValid;
    };
  };

  return {
    /**
     * Checks a password against the hash `loadHash` finds (none for an unknown account, which costs the
     * same time); a wrong one stays counted. A key that must wait is refused before even the lookup.
     */
    async checkPassword(keys: GuessKeys, loadHash: () => Promise<string | undefined>, password: string) {
      const attempt = await begin(passwordsPerAccount, keys);
      return attempt(async () => checker.check(keys.address, await loadHash(), password));
    },

    /** Checks a two-factor code with `verify`; a wrong one stays counted against the account's codes. */
    async checkCode(keys: GuessKeys, verify: () => Promise<boolean>) {
      const attempt = await begin(codesPerAccount, keys);
      return attempt(verify);
    },
  };
};

export type SignInGuard = ReturnType<typeof createSignInGuard>;
