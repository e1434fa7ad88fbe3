import { type Algorithm, hash, verify } from '@node-rs/argon2';

// The package's Algorithm is a const enum that isolatedModules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/** argon2id, named explicitly rather than trusting the library's default. */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

// Verifying against a throwaway hash when the e-mail is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('Unused#Password1');
  await verifyPassword(await dummyHash, password);
};
