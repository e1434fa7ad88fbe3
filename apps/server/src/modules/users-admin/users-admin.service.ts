import { type AdminUser, auditChanges, type SearchBody } from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import { createSessionsRepository } from '../../core/auth/sessions.repository';
import type { Database } from '../../core/db/database';
import { users } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import type { PasswordMail } from '../clients/clients-admin.service';
import { toPublicUser } from '../users/users.mapper';
import {
  ADMIN_USER_SEARCH_FIELDS,
  type AdminUserRow,
  createUsersAdminRepository,
} from './users-admin.repository';

const toAdminUser = ({ user, clientName }: AdminUserRow): AdminUser => ({
  id: user.id,
  client_id: user.client_id,
  name: user.name,
  email: user.email,
  account: user.account,
  active: user.active,
  last_login: user.last_login ? user.last_login.toISOString() : null,
  create_date: user.create_date.toISOString(),
  client_name: clientName,
});

/**
 * The master's users admin: every user of every company, a password reset mail (the one `restore`
 * sends), and deactivation, which ends the user's sessions at once. Rows land in the user's company log.
 */
export const createUsersAdminService = ({
  db,
  events,
  passwordMail,
}: {
  db: Database;
  events: EventBus;
  passwordMail: PasswordMail;
}) => {
  const repo = createUsersAdminRepository(db);

  const load = async (id: string): Promise<AdminUserRow> => {
    const row = isUuid(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    async search(body: SearchBody) {
      const query = buildSearchQuery(body, ADMIN_USER_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: users.id,
      });
      const { rows, total } = await repo.search(query);
      return { data: rows.map(toAdminUser), pagination: query.pagination(total) };
    },

    async sendPasswordReset(auth: AuthContext, id: string): Promise<AdminUser> {
      const row = await load(id);
      await writeAuditLog(db, { clientId: row.user.client_id, userId: auth.userId, ip: auth.ip }, [
        {
          action: 'update',
          module: 'user',
          recordId: row.user.id,
          changes: { password_reset_mail: [null, row.user.email] },
        },
      ]);
      await passwordMail(row.user.email);
      return toAdminUser(row);
    },

    /** A master account is never deactivated here: the platform would lose the account that undoes it. */
    async setActive(auth: AuthContext, id: string, active: boolean): Promise<AdminUser> {
      const row = await load(id);
      if (row.user.account === 'master') throw forbidden();
      if (row.user.active === active)
        throw new AppError(406, active ? 'info.userAlreadyActive' : 'info.userAlreadyInactive');
      const clientId = row.user.client_id;
      const { updated, sessionIds } = await db.transaction(async (tx) => {
        const changed = await createUsersAdminRepository(tx).setActive(clientId, id, active);
        if (!changed) throw notFound();
        await writeAuditLog(tx, { clientId, userId: auth.userId, ip: auth.ip }, [
          {
            action: 'update',
            module: 'user',
            recordId: id,
            changes: auditChanges({ active: row.user.active }, { active }),
          },
        ]);
        const ended = active ? [] : await createSessionsRepository(tx).revokeAllOfUser(clientId, id);
        return { updated: changed, sessionIds: ended };
      });
      events.emit('user.updated', { clientId, user: toPublicUser(updated) });
      if (sessionIds.length > 0) events.emit('session.revoked', { clientId, sessionIds });
      return toAdminUser({ user: updated, clientName: row.clientName });
    },
  };
};

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
