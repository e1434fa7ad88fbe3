import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type UserRow, users } from '../../core/db/schema';

/** The master and the owner of an impersonation belong to different companies: looked up by id alone. */
export const createImpersonationRepository = (db: Executor) => ({
  async findUser(id: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  },
});
