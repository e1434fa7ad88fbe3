import {
  auditChanges,
  type ClientCreate,
  type ClientStatus,
  type ClientUpdate,
  type ConsoleClient,
  type SearchBody,
  subdomainOf,
} from '@conversa/domain';
import { type AuditActor, writeAuditLog } from '../../core/audit/audit-log';
import { hashPassword } from '../../core/auth/passwords';
import { createSessionsRepository } from '../../core/auth/sessions.repository';
import { createToken } from '../../core/auth/tokens';
import { type Database, isUniqueViolation, violatedConstraint } from '../../core/db/database';
import { type ClientRow, clients } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, conflict, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import type { FileStore } from '../../core/storage/file-store';
import { createPlansRepository } from '../plans/plans.repository';
import { auditedConsoleFields, toConsoleClient, toPublicClient } from './clients.mapper';
import {
  CLIENT_SEARCH_FIELDS,
  type ClientsRepository,
  type ConsolePatch,
  createClientsRepository,
} from './clients.repository';
import { eraseCompany } from './company-erasure';
import { createCompanyWithOwner } from './company-setup';

/** Mails a user the link to choose a password (the password reset mail of modules/auth). */
export type PasswordMail = (email: string) => Promise<void>;

/** The master acting on another company: the row lands in that company's log and names the master. */
const actorIn = (auth: AuthContext, clientId: string): AuditActor => ({
  clientId,
  userId: auth.userId,
  ip: auth.ip,
});

const unknownPlan = () => badRequest([{ path: 'plan_id', message: 'validation.badValue' }]);

/**
 * The master's console of companies: the list with plan and usage, creating a company with its owner,
 * changing its plan, expiry, access and formats, blocking it (its users are signed out at once) and
 * deleting it.
 */
export const createClientsAdminService = ({
  db,
  events,
  files,
  passwordMail,
}: {
  db: Database;
  events: EventBus;
  files: FileStore;
  passwordMail: PasswordMail;
}) => {
  const repo = createClientsRepository(db);

  const consoleOf = async (rows: ClientRow[], reader: ClientsRepository = repo): Promise<ConsoleClient[]> => {
    const figures = await reader.figuresOf(rows.map((row) => row.id));
    return rows.map((row) => toConsoleClient(row, figures.get(row.id), files.url));
  };
  const oneOf = async (row: ClientRow): Promise<ConsoleClient> => {
    const [client] = await consoleOf([row]);
    if (!client) throw notFound();
    return client;
  };
  const loadRow = async (id: string): Promise<ClientRow> => {
    const row = isUuid(id) ? await repo.findById(id) : undefined;
    if (!row || row.status === 'deleted') throw notFound();
    return row;
  };
  /** Members of the company take the change live (access lists, formats). */
  const announce = (row: ClientRow) =>
    events.emit('client.updated', { clientId: row.id, client: toPublicClient(row, files.url) });

  /** Stores the change with its audit row; answers the sessions it ended (a block ends them all). */
  const change = async (auth: AuthContext, id: string, patch: ConsolePatch, endSessions: boolean) => {
    const { row, sessionIds } = await db.transaction(async (tx) => {
      const txRepo = createClientsRepository(tx);
      const current = await txRepo.findById(id);
      const updated = current && (await txRepo.update(id, patch));
      if (!current || !updated) throw notFound();
      const changes = auditChanges(auditedConsoleFields(current), auditedConsoleFields(updated));
      if (Object.keys(changes).length > 0)
        await writeAuditLog(tx, actorIn(auth, id), [
          { action: 'update', module: 'client', recordId: id, changes },
        ]);
      const ended = endSessions ? await createSessionsRepository(tx).revokeAllOfClient(id) : [];
      return { row: updated, sessionIds: ended };
    });
    announce(row);
    if (sessionIds.length > 0) events.emit('session.revoked', { clientId: id, sessionIds });
    return oneOf(row);
  };

  return {
    async search(body: SearchBody) {
      const query = buildSearchQuery(body, CLIENT_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: clients.id,
      });
      const { rows, total } = await repo.searchAcrossTenants(query);
      return { data: await consoleOf(rows), pagination: query.pagination(total) };
    },

    async findOne(id: string): Promise<ConsoleClient> {
      return oneOf(await loadRow(id));
    },

    /**
     * A company on the chosen plan with its owner. Without a password the owner gets the mail to choose
     * one, sent after the company is stored.
     */
    async create(auth: AuthContext, input: ClientCreate): Promise<ConsoleClient> {
      const passwordHash = await hashPassword(input.password ?? createToken());
      try {
        const row = await db.transaction(async (tx) => {
          const plan = await createPlansRepository(tx).findById(input.plan_id);
          if (!plan) throw unknownPlan();
          const { client, owner } = await createCompanyWithOwner(tx, {
            name: input.company,
            email: input.email,
            phone: input.phone,
            subdomain: subdomainOf(input.company),
            country: input.country,
            timezone: input.timezone,
            language: input.language,
            numberFormat: input.number_format,
            plan,
            planExpiresAt: input.plan_expires_at ? new Date(input.plan_expires_at) : null,
            owner: { name: input.nameuser, passwordHash },
          });
          await writeAuditLog(tx, actorIn(auth, client.id), [
            {
              action: 'create',
              module: 'client',
              recordId: client.id,
              changes: auditChanges(null, { name: client.name, ...auditedConsoleFields(client) }),
            },
            {
              action: 'create',
              module: 'user',
              recordId: owner.id,
              changes: auditChanges(null, { name: owner.name, email: owner.email, account: owner.account }),
            },
          ]);
          return client;
        });
        if (!input.password) await passwordMail(input.email);
        return oneOf(row);
      } catch (error) {
        if (isUniqueViolation(error)) {
          if (violatedConstraint(error).includes('subdomain')) throw conflict('info.companyTaken', 'company');
          throw conflict('info.emailTaken', 'email');
        }
        throw error;
      }
    },

    /**
     * Another plan starts a new period (spent quotas count from now) and brings the plan's access list,
     * unless the master gives one.
     */
    async update(auth: AuthContext, id: string, input: ClientUpdate): Promise<ConsoleClient> {
      const current = await loadRow(id);
      const patch: ConsolePatch = {
        ...(input.access ? { access: input.access } : {}),
        ...(input.number_format ? { number_format: input.number_format } : {}),
        ...(input.timezone ? { timezone: input.timezone } : {}),
        ...(input.plan_expires_at !== undefined
          ? { plan_expires_at: input.plan_expires_at ? new Date(input.plan_expires_at) : null }
          : {}),
      };
      if (input.plan_id && input.plan_id !== current.plan_id) {
        const plan = await createPlansRepository(db).findById(input.plan_id);
        if (!plan) throw unknownPlan();
        patch.plan_id = plan.id;
        patch.plan_started_at = new Date();
        patch.access = input.access ?? plan.access;
        if (input.plan_expires_at === undefined)
          patch.plan_expires_at = new Date(Date.now() + plan.duration_days * 86_400_000);
      }
      return change(auth, id, patch, false);
    },

    /**
     * `client/deleteone`: the company's users are signed out at once and can no longer sign in, its data
     * and files are removed (company-erasure.ts says what is left), and the master's own log keeps the row,
     * since the company's is no longer anyone's to read. The platform's own company cannot be deleted.
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const current = await loadRow(id);
      if (current.id === auth.clientId) throw new AppError(406, 'info.ownCompanyNotDeleted');
      const sessionIds = await db.transaction(async (tx) => {
        const ended = await createSessionsRepository(tx).revokeAllOfClient(id);
        await eraseCompany(tx, id);
        await writeAuditLog(tx, auth, [
          {
            action: 'delete',
            module: 'client',
            recordId: id,
            changes: auditChanges(
              { name: current.name, email: current.email, ...auditedConsoleFields(current) },
              null,
            ),
          },
        ]);
        return ended;
      });
      if (sessionIds.length > 0) events.emit('session.revoked', { clientId: id, sessionIds });
      await files.deleteAllOf(id);
    },

    /** Blocking signs every user of the company out at once; the platform's own company cannot be. */
    async setStatus(auth: AuthContext, id: string, status: ClientStatus): Promise<ConsoleClient> {
      const current = await loadRow(id);
      if (current.id === auth.clientId) throw new AppError(406, 'info.ownCompanyNotBlocked');
      if (current.status === status)
        throw new AppError(406, status === 'blocked' ? 'info.clientAlreadyBlocked' : 'info.clientNotBlocked');
      return change(auth, id, { status }, status === 'blocked');
    },
  };
};

export type ClientsAdminService = ReturnType<typeof createClientsAdminService>;
