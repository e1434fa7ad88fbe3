import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../core/auth/passwords';
import { createUsersRepository } from '../modules/users/users.repository';
import { login, type Session } from './test-app';

const STAFF_PASSWORD = 'Staff#Pass2026';
let counter = 0;

/**
 * A colleague in a test's company: a staff user holding only these keys (an access test's reader, an agent
 * without a module), signed in, with the e-mail they sign in with.
 */
export const staffUser = async (
  app: FastifyInstance,
  clientId: string,
  name: string,
  access: string[],
  language = 'es',
): Promise<Session & { email: string }> => {
  counter += 1;
  const email = `staff-${Date.now().toString(36)}-${counter}@example.com`;
  await createUsersRepository(app.database.db).insert(clientId, {
    name,
    email,
    password_hash: await hashPassword(STAFF_PASSWORD),
    account: 'user',
    access,
    language,
  });
  return { ...(await login(app, email, STAFF_PASSWORD)), email };
};
