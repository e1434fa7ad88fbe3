import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { AppError } from '../http/app-error';
import { createWorkGate, GateFullError, type WorkGateLimits } from './work-gate';

// The package's Algorithm is a const enum that isolatedModules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/** argon2id, named explicitly rather than trusting the library's default. */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

// Verifying against a throwaway hash when the e-mail is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
const burnPasswordCheck = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('Unused#Password1');
  await verifyPassword(await dummyHash, password);
  return false;
};

/**
 * argon2 runs on libuv's four threads, which file reads and DNS lookups share: two verifications at a time
 * leave them room. One address runs one at a time and queues a few; a full queue is refused at once.
 */
export const PASSWORD_GATE_LIMITS: WorkGateLimits = {
  maxRunning: 2,
  maxRunningPerKey: 1,
  maxWaiting: 64,
  maxWaitingPerKey: 8,
};

export type PasswordChecker = {
  /**
   * Checks a password under the gate, keyed by the caller's address; with no hash (unknown e-mail) a
   * throwaway hash is checked so the answer takes as long. A full gate answers 429 without any argon2 work.
   */
  check: (key: string, passwordHash: string | undefined, password: string) => Promise<boolean>;
};

export const createPasswordChecker = (limits: WorkGateLimits = PASSWORD_GATE_LIMITS): PasswordChecker => {
  const gate = createWorkGate(limits);
  return {
    async check(key, passwordHash, password) {
      try {
        return await gate.run(key, () =>
          passwordHash ? verifyPassword(passwordHash, password) : burnPasswordCheck(password),
        );
      } catch (error) {
        if (error instanceof GateFullError)
          throw new AppError(429, 'info.tooManyRequests', undefined, undefined, { 'retry-after': '1' });
        throw error;
      }
    },
  };
};
