import { createHash } from 'node:crypto';

/** md5 of a text as PostgreSQL's `md5(text)::uuid` writes it. */
export const md5Uuid = (text: string): string => {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const sha256 = (text: string, encoding: 'hex' | 'base64url') =>
  createHash('sha256').update(text).digest(encoding);

/** Meta's object ids (phone number, business account) are digits only; the device form checks it. */
export const metaId = (text: string) =>
  `1${String(Number.parseInt(createHash('md5').update(text).digest('hex').slice(0, 12), 16)).padStart(15, '0')}`;

/** A generated contact's phone: the tenant's prefix and its index on eight digits. */
export const contactIndexDigits = 8;
export const phoneOf = (prefix: string, index: number) =>
  `${prefix}${String(index).padStart(contactIndexDigits, '0')}`;
