import { createPasswordChecker } from '../core/auth/passwords';
import type { Database } from '../core/db/database';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../core/db/seed-logins';
import { createUsersRepository } from '../modules/users/users.repository';

/**
 * The seeded logins (the master and the demo people) that still have the password the first start printed
 * and README lists, for a later start's one-line reminder: the table of passwords is printed only once.
 */
export const loginsOnDefaultPassword = async (db: Database, masterEmail: string): Promise<string[]> => {
  const users = createUsersRepository(db);
  const checker = createPasswordChecker();
  const seeded = [
    { email: masterEmail, password: DEFAULT_MASTER_LOGIN.password },
    ...Object.values(DEMO_LOGINS),
  ];
  const unchanged: string[] = [];
  for (const login of seeded) {
    const user = await users.findByEmailAcrossTenants(login.email);
    if (user && (await checker.check('start', user.password_hash, login.password)))
      unchanged.push(login.email);
  }
  return unchanged;
};
