import {
  type AccountType,
  auditChanges,
  hasAccess,
  type Pagination,
  type PasswordUpdateInput,
  type PermissionKey,
  recordFor,
  type SearchBody,
  type User,
  type UserUpdateInput,
  type userCreateSchema,
} from '@conversa/domain';
import type { z } from 'zod';
import { type AuditEvent, writeAuditLog } from '../../core/audit/audit-log';
import { hashPassword } from '../../core/auth/passwords';
import { createSessionsRepository } from '../../core/auth/sessions.repository';
import { type Database, isUniqueViolation } from '../../core/db/database';
import { type UserRow, users } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { badRequest, conflict, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import type { SignInGuard } from '../auth/sign-in-guard';
import { assertRoom } from '../quotas/quotas.service';
import { toPublicUser, type UserBrief } from './users.mapper';
import {
  COLLEAGUE_SEARCH_FIELDS,
  createUsersRepository,
  USER_SEARCH_FIELDS,
  type UserPatch,
} from './users.repository';

type UserCreate = z.output<typeof userCreateSchema>;

/** search_all answers at most this many users at once. */
export const SEARCH_ALL_CAP = 1000;

const RANK: Record<AccountType, number> = { user: 0, client: 1, master: 2 };

const can = (auth: AuthContext, key: PermissionKey) => hasAccess(auth, key);

/** A staff user may not act on the owner's or the master's account, whatever keys they hold. */
const assertOutranksOrEqual = (auth: AuthContext, target: { account: AccountType }) => {
  if (RANK[target.account] > RANK[auth.account]) throw forbidden();
};

const assertAccessWithinClient = (auth: AuthContext, access: readonly string[] | undefined) => {
  if (!access || auth.market) return;
  if (access.some((key) => !auth.clientAccess.includes(key))) {
    throw badRequest([{ path: 'access', message: 'validation.accessNotInPlan' }]);
  }
};

/** What the audit log keeps of a user; preferences (pinned chats, sounds, views) are not audited. */
const auditedUser = (row: UserRow) => ({
  name: row.name,
  initials: row.initials,
  email: row.email,
  phone: row.phone,
  account: row.account,
  language: row.language,
  answer: row.answer,
  active: row.active,
});

/** A user's changed fields, and a `permission` row of its own when the access list changed. */
const userChangeEvents = (before: UserRow, after: UserRow): AuditEvent[] => {
  const changes = auditChanges(auditedUser(before), auditedUser(after));
  const access = auditChanges({ access: before.access }, { access: after.access });
  return [
    ...(Object.keys(changes).length > 0
      ? [{ action: 'update' as const, module: 'user' as const, recordId: after.id, changes }]
      : []),
    ...(Object.keys(access).length > 0
      ? [{ action: 'permission' as const, module: 'user' as const, recordId: after.id, changes: access }]
      : []),
  ];
};

export type UsersService = ReturnType<typeof createUsersService>;

export const createUsersService = ({
  db,
  events,
  guard,
}: {
  db: Database;
  events: EventBus;
  guard: SignInGuard;
}) => {
  const repo = createUsersRepository(db);

  const revoked = (clientId: string, sessionIds: string[]) => {
    if (sessionIds.length > 0) events.emit('session.revoked', { clientId, sessionIds });
  };

  const loadInTenant = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, USER_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: users.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(toPublicUser), pagination: query.pagination(total) };
    },

    /** Without paging, capped; the master's users admin screen sees every company's users. */
    async searchAll(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, USER_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: users.id,
      });
      const rows = await repo.searchAll(
        auth.account === 'master' ? null : auth.clientId,
        query,
        SEARCH_ALL_CAP,
      );
      return {
        data: rows.map(toPublicUser),
        pagination: { total: rows.length, page: 1, offset: SEARCH_ALL_CAP },
      };
    },

    /**
     * Colleagues as a user notification shows them to the caller: whole with user.view, else id, name and
     * online; and only those fields filter or sort, so a search cannot spell out an e-mail letter by letter.
     */
    async list(
      auth: AuthContext,
      body: SearchBody,
    ): Promise<{ data: Partial<UserBrief>[]; pagination: Pagination }> {
      const fields = can(auth, 'user.view') ? USER_SEARCH_FIELDS : COLLEAGUE_SEARCH_FIELDS;
      const query = buildSearchQuery(body, fields, {
        defaultSort: { key: 'name', order: 'asc' },
        tieBreaker: users.id,
      });
      const { rows, total } = await repo.listBrief(auth.clientId, query);
      return { data: rows.map((row) => recordFor(auth, 'user', row)), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<User> {
      if (id !== auth.userId && !can(auth, 'user.view')) throw forbidden();
      return toPublicUser(await loadInTenant(auth, id));
    },

    async create(auth: AuthContext, input: UserCreate): Promise<User> {
      assertAccessWithinClient(auth, input.access);
      if (auth.account === 'user' && input.access.some((key) => !auth.userAccess.includes(key))) {
        // A staff user cannot hand out keys they do not hold themselves.
        throw forbidden();
      }
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await db.transaction(async (tx) => {
          await assertRoom(tx, auth.clientId, 'user');
          const created = await createUsersRepository(tx).insert(auth.clientId, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            password_hash: passwordHash,
            account: 'user',
            language: input.language,
            access: input.access,
            answer: input.answer,
          });
          await writeAuditLog(tx, auth, [
            {
              action: 'create',
              module: 'user',
              recordId: created.id,
              changes: auditChanges(null, { ...auditedUser(created), access: created.access }),
            },
          ]);
          return created;
        });
        const user = toPublicUser(row);
        events.emit('user.created', { clientId: auth.clientId, user });
        return user;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('info.emailTaken', 'email');
        throw error;
      }
    },

    async update(auth: AuthContext, id: string, input: UserUpdateInput): Promise<User> {
      const target = await loadInTenant(auth, id);
      const isSelf = target.id === auth.userId;
      if (!isSelf) {
        if (!can(auth, 'user.edit')) throw forbidden();
        assertOutranksOrEqual(auth, target);
      }
      const changesAdminFields =
        input.access !== undefined || input.answer !== undefined || input.active !== undefined;
      if (changesAdminFields && auth.account === 'user') throw forbidden();
      // Nobody deactivates themselves: the company would be left without the account that could undo it.
      if (isSelf && input.active === false) throw forbidden();
      assertAccessWithinClient(auth, input.access);

      const patch: UserPatch = { ...input };
      const { row, sessionIds } = await db.transaction(async (tx) => {
        // Reactivating someone takes a seat again.
        if (input.active === true && !target.active) await assertRoom(tx, auth.clientId, 'user');
        const updated = await createUsersRepository(tx).update(auth.clientId, id, patch);
        if (!updated) throw notFound();
        await writeAuditLog(tx, auth, userChangeEvents(target, updated));
        // A deactivated user is signed out everywhere at once.
        const ended =
          input.active === false ? await createSessionsRepository(tx).revokeAllOfUser(auth.clientId, id) : [];
        return { row: updated, sessionIds: ended };
      });
      const user = toPublicUser(row);
      events.emit('user.updated', { clientId: auth.clientId, user });
      revoked(auth.clientId, sessionIds);
      return user;
    },

    /**
     * Own password: the current one must be given and right (400 on current_password, counted like a
     * failed sign-in); the other sessions end, this one stays. Someone else's: all of theirs end.
     */
    async updatePassword(
      auth: AuthContext,
      id: string,
      input: PasswordUpdateInput,
      ip: string,
    ): Promise<void> {
      const target = await loadInTenant(auth, id);
      const isSelf = target.id === auth.userId;
      if (!isSelf) {
        if (!can(auth, 'user.edit')) throw forbidden();
        assertOutranksOrEqual(auth, target);
      } else {
        if (!input.current_password)
          throw badRequest([{ path: 'current_password', message: 'validation.currentPassword' }]);
        const isValid = await guard.checkPassword(
          { account: target.email, address: ip },
          async () => target.password_hash,
          input.current_password,
        );
        if (!isValid) throw badRequest([{ path: 'current_password', message: 'info.currentPasswordWrong' }]);
      }
      const passwordHash = await hashPassword(input.password);
      const sessionIds = await db.transaction(async (tx) => {
        await createUsersRepository(tx).setPassword(auth.clientId, id, passwordHash);
        return createSessionsRepository(tx).revokeAllOfUser(
          auth.clientId,
          id,
          isSelf ? auth.sessionId : undefined,
        );
      });
      revoked(auth.clientId, sessionIds);
    },

    /** Presence from the realtime layer: the first socket in sets online, the last one out clears it. */
    async setOnline(auth: Pick<AuthContext, 'clientId' | 'userId'>, online: boolean): Promise<void> {
      const row = await repo.setOnline(auth.clientId, auth.userId, online);
      if (row) events.emit('user.updated', { clientId: auth.clientId, user: toPublicUser(row) });
    },
  };
};
