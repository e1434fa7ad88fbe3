import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { users } from '../db/schema';
import { notFound } from '../http/app-error';
import { isUuid } from '../http/route-schemas';

/** Owners and assignees are users of the company: an id of anyone else is not found (404). */
export const assertCompanyUsers = async (db: Executor, clientId: string, ids: readonly string[]) => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  if (!wanted.every(isUuid)) throw notFound();
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.client_id, clientId), inArray(users.id, wanted)));
  if (found.length !== wanted.length) throw notFound();
};
