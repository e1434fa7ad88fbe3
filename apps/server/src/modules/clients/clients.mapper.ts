import { type Client, type ConsoleClient, isPlanOver } from '@conversa/domain';
import type { ClientRow } from '../../core/db/schema';
import type { ClientFigures } from './clients.repository';

/** A stored file's link an <img> can load (the file store's signed, expiring URL). */
export type FileLink = (key: string) => string;

/**
 * What leaves the server of a company. A plan past its last day (in the company's time zone) reads as
 * unpaid (is_paid false) whatever was stored, so the web shows the plan-expired dialog. The logo is stored
 * as a file key and leaves as its link.
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
  is_paid: isPlanOver(row.plan_expires_at, row.timezone, now) ? false : row.is_paid,
  plan_expires_at: row.plan_expires_at ? row.plan_expires_at.toISOString() : null,
  access: row.access,
  market: row.market,
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

/** A company as the master's console lists it: with its status, plan name and usage. */
export const toConsoleClient = (
  row: ClientRow,
  figures: ClientFigures | undefined,
  fileLink: FileLink,
  now: Date = new Date(),
): ConsoleClient => ({
  ...toPublicClient(row, fileLink, now),
  status: row.status,
  plan_name: figures?.planName ?? null,
  plan_started_at: row.plan_started_at ? row.plan_started_at.toISOString() : null,
  usage: { users: figures?.users ?? 0, devices: figures?.devices ?? 0, messages: figures?.messages ?? 0 },
});

/** What the audit log keeps of the master's changes to a company. */
export const auditedConsoleFields = (row: ClientRow) => ({
  plan_id: row.plan_id,
  plan_expires_at: row.plan_expires_at ? row.plan_expires_at.toISOString() : null,
  access: row.access,
  number_format: row.number_format,
  timezone: row.timezone,
  status: row.status,
});
