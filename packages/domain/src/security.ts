import { z } from 'zod';
import { MESSAGES, requiredText } from './validation';

/** A TOTP code is six digits; spaces people type between the groups are ignored. */
export const TOTP_DIGITS = 6;
/** Recovery codes handed out when two-factor is switched on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are two groups of five letters or digits: `k3f9q-2mxa7`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
/** Maximum length of the initials a user picks for their avatar. */
export const INITIALS_MAX_CHARS = 3;

const compact = (value: string) => value.replace(/\s+/g, '').toLowerCase();

/** A six-digit code from the authenticator app, or one of the recovery codes. */
export const isSecondFactorCode = (value: string): boolean =>
  /^\d{6}$/.test(compact(value)) || RECOVERY_CODE_PATTERN.test(compact(value));

export const secondFactorCodeField = () =>
  requiredText()
    .max(32, MESSAGES.twoFactorCode)
    .transform(compact)
    .refine(isSecondFactorCode, { error: MESSAGES.twoFactorCode });

/** Only an authenticator code confirms an enrollment: a recovery code proves nothing about the new secret. */
export const totpCodeField = () =>
  requiredText()
    .max(32, MESSAGES.twoFactorCode)
    .transform(compact)
    .refine((value) => /^\d{6}$/.test(value), { error: MESSAGES.twoFactorCode });

/** The second step of a sign-in that owes a second factor. */
export const twoFactorLoginSchema = z.object({
  challenge: requiredText().max(128),
  code: secondFactorCodeField(),
});
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

export const twoFactorConfirmSchema = z.object({ code: totpCodeField() });
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

/** Switching two-factor off proves the person is the owner of the account: a code or the password. */
export const twoFactorDisableSchema = z
  .object({
    code: secondFactorCodeField().optional(),
    password: z.string().min(1).max(128).optional(),
  })
  .refine((input) => input.code !== undefined || input.password !== undefined, {
    error: MESSAGES.required,
    path: ['code'],
  });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

export const twoFactorPolicySchema = z.object({ required: z.boolean() });
export type TwoFactorPolicyInput = z.infer<typeof twoFactorPolicySchema>;

/** A new TOTP secret, shown once: the QR image (data URL) and the same secret as text. */
export type TwoFactorEnrollment = { secret: string; otpauth_url: string; qr: string };

/** Who requires two-factor of a user: nobody, their company's owner, or the master for that company. */
export type TwoFactorRequiredBy = 'company' | 'platform' | null;

export type TwoFactorStatus = {
  enabled: boolean;
  required_by: TwoFactorRequiredBy;
  recovery_codes_left: number;
};

/**
 * What POST login answers when the password was right but a second factor is owed: 'code' asks for the
 * authenticator (or a recovery) code, 'enroll' first shows a new secret because the company requires it.
 * No session exists until the second step succeeds.
 */
export type TwoFactorChallenge = {
  two_factor: 'code' | 'enroll';
  challenge: string;
  enrollment?: TwoFactorEnrollment;
};

/** One of the signed-in user's sessions as the profile lists it. */
export type SessionInfo = {
  id: string;
  device: string;
  ip: string;
  last_seen: string;
  create_date: string;
  current: boolean;
};
