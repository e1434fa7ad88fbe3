import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const PREFIX = 'enc:v1:';

/** The AES-256 key is derived from SECRET_KEY, which may be any string of 32+ characters. */
const keyOf = (secretKey: string): Buffer =>
  createHash('sha256').update(`conversa:secrets:${secretKey}`).digest();

export type SecretBox = {
  encrypt: (plain: string) => string;
  decrypt: (stored: string) => string;
  isEncrypted: (value: string) => boolean;
};

/**
 * Provider secrets at rest: AES-256-GCM with a random 12-byte nonce, stored as
 * `enc:v1:<nonce>.<tag>.<ciphertext>` (base64url). GCM's tag makes a tampered value fail loudly.
 */
export const createSecretBox = (secretKey: string): SecretBox => {
  const key = keyOf(secretKey);
  return {
    encrypt(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return `${PREFIX}${parts.join('.')}`;
    },
    decrypt(stored) {
      if (!stored.startsWith(PREFIX)) throw new Error('not an encrypted secret');
      const [nonce, tag, ciphertext] = stored
        .slice(PREFIX.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      if (!nonce || !tag || !ciphertext) throw new Error('malformed encrypted secret');
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
    isEncrypted: (value) => value.startsWith(PREFIX),
  };
};

/** Compares two strings in constant time (length differences leak only the length). */
export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export type UrlSigner = {
  sign: (key: string, expiresAt: number) => string;
  verify: (key: string, expiresAt: number, signature: string) => boolean;
};

/** HMAC-SHA256 signatures for expiring file links: an <img> tag cannot send the bearer token. */
export const createUrlSigner = (secretKey: string): UrlSigner => {
  const hmacKey = createHash('sha256').update(`conversa:files:${secretKey}`).digest();
  const sign = (key: string, expiresAt: number) =>
    createHmac('sha256', hmacKey).update(`${key}\n${expiresAt}`).digest('base64url');
  return {
    sign,
    verify: (key, expiresAt, signature) =>
      expiresAt * 1000 > Date.now() && safeEqual(sign(key, expiresAt), signature),
  };
};
