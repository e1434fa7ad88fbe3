import type { Client } from '@conversa/domain';
import type { ClientRow } from '../../core/db/schema';

/**
 * What leaves the server of a company. A plan past its end date reads as unpaid (is_paid false) whatever
 * was stored, so the web shows the plan-expired dialog.
 */
export const toPublicClient = (row: ClientRow, now: Date = new Date()): Client => ({
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
  imglogo: row.imglogo,
  subscribe_id: row.subscribe_id,
  plan_id: row.plan_id,
  is_paid: row.plan_expires_at && row.plan_expires_at.getTime() < now.getTime() ? false : row.is_paid,
  plan_expires_at: row.plan_expires_at ? row.plan_expires_at.toISOString() : null,
  access: row.access,
  number_format: row.number_format,
  create_date: row.create_date.toISOString(),
});
