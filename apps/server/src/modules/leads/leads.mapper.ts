import type { Lead } from '@conversa/domain';
import type { LeadRow } from '../../core/db/schema';

export const toLead = (row: LeadRow): Lead => ({
  id: row.id,
  client_id: row.client_id,
  first_name: row.first_name,
  last_name: row.last_name,
  full_name: row.full_name,
  phone: row.phone,
  email: row.email,
  document: row.document,
  country: row.country,
  tags: row.tags,
  status_id: row.status_id,
  owner: row.owner,
  source: row.source,
  converted_contact_id: row.converted_contact_id ?? '',
  create_date: row.create_date.toISOString(),
});

/** A lead's full name is its first and last names. */
export const fullNameOf = (first: string, last: string) => [first, last].filter(Boolean).join(' ');
