import type { Client } from '@conversa/domain';
import type { ClientRow } from '../../core/db/schema';

/** A stored file's link an <img> can load (the file store's signed, expiring URL). */
export type FileLink = (key: string) => string;

/**
 * What leaves the server of a company. A plan past its end date reads as unpaid (is_paid false) whatever
 * was stored, so the web shows the plan-expired dialog. The logo is stored as a file key and leaves as
 * its link.
 */
export const toPublicClient = (row: ClientRow, fileLink: FileLink, now: Date = new Date()): Client => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subdomain: row.subdomain,
  country: row.country,
  timezone: row.timezone,
  language: row.language,
  industry: row.industry,
  quantityemple: row.quantityemple,
  imglogo: row.imglogo ? fileLink(row.imglogo) : '',
  subscribe_id: row.subscribe_id,
  plan_id: row.plan_id,
  is_paid: row.plan_expires_at && row.plan_expires_at.getTime() < now.getTime() ? false : row.is_paid,
  plan_expires_at: row.plan_expires_at ? row.plan_expires_at.toISOString() : null,
  access: row.access,
  number_format: row.number_format,
  create_date: row.create_date.toISOString(),
});

/** What the audit log keeps of a company's profile. */
export const auditedProfile = (row: ClientRow) => ({
  name: row.name,
  phone: row.phone,
  timezone: row.timezone,
  number_format: row.number_format,
  imglogo: row.imglogo,
});
