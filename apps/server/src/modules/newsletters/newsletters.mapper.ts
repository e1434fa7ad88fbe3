import type { Newsletter } from '@conversa/domain';
import type { NewsletterRow } from '../../core/db/schema';

export const toNewsletter = (row: NewsletterRow): Newsletter => ({
  id: row.id,
  title: row.title,
  category: row.category,
  status: row.status,
  release_date: row.release_date,
  show_login_date: row.show_login_date?.toISOString() ?? null,
  description: row.description,
  issues: row.issues,
  popup: row.popup ?? null,
  create_date: row.create_date.toISOString(),
});

/** What the audit log keeps of a newsletter: every field a person wrote. */
export const auditedNewsletter = ({ id: _id, create_date: _created, ...written }: Newsletter) => written;
