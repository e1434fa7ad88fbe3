import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token: 32 random bytes, URL-safe. */
export const createToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored and looked up by their SHA-256 only. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
