import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, type TwoFactorEnrollment } from '@conversa/domain';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashToken } from './tokens';

const PERIOD_SECONDS = 30;
const ISSUER = 'Conversa';

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A fresh 160-bit secret, base32 as authenticator apps expect it. */
export const createTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The secret as an otpauth:// URL and a QR image of it, shown once while enrolling. */
export const describeEnrollment = async (secret: string, label: string): Promise<TwoFactorEnrollment> => {
  const otpauthUrl = totpOf(secret, label).toString();
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
  };
};

/**
 * The 30-second step a code belongs to, accepting the neighbouring steps for clock drift; undefined when
 * wrong. Callers refuse a step at or before the last accepted one, so a code cannot be used twice.
 */
export const totpStepOf = (secret: string, code: string, now = Date.now()): number | undefined => {
  const delta = totpOf(secret, ISSUER).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
};

/** The current code of a secret; tests and nothing else play the authenticator app with it. */
export const totpCodeOf = (secret: string, now = Date.now()): string =>
  totpOf(secret, ISSUER).generate({ timestamp: now });

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of two groups of five (about 49 bits each), and the hashes that are all we keep of them. */
export const createRecoveryCodes = (): { codes: string[]; hashes: string[] } => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(10), (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
};

export const hashRecoveryCode = (code: string): string => hashToken(`recovery:${code}`);
