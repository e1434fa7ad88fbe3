import { type Impersonation, type LoginData, SESSION_TTL_HOURS } from '@conversa/domain';
import { type AuditActor, type AuditEvent, writeAuditLog } from '../../core/audit/audit-log';
import { describeDevice } from '../../core/auth/device';
import { createSessionsRepository } from '../../core/auth/sessions.repository';
import { createToken, hashToken } from '../../core/auth/tokens';
import type { Database, Executor } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import { AppError, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { createClientsRepository } from '../clients/clients.repository';
import type { RequestMeta } from './auth.service';
import { createImpersonationRepository } from './impersonation.repository';

/**
 * The same impersonation row in the company's log and in the master's own log, both naming the master,
 * so either company's audit trail shows who acted as the owner and when.
 */
const auditBoth = async (
  tx: Executor,
  rows: { master: AuditActor; companyId: string; event: AuditEvent },
) => {
  await writeAuditLog(tx, { ...rows.master, clientId: rows.companyId }, [rows.event]);
  if (rows.master.clientId !== rows.companyId) await writeAuditLog(tx, rows.master, [rows.event]);
};

/** What the account bundle says of the caller's session: who is acting as whom, or null. */
export const describeImpersonation = async (
  db: Executor,
  auth: AuthContext,
): Promise<Impersonation | null> => {
  if (!auth.impersonatedBy) return null;
  const people = createImpersonationRepository(db);
  const [master, owner, client] = await Promise.all([
    people.findUser(auth.impersonatedBy),
    people.findUser(auth.userId),
    createClientsRepository(db).findById(auth.clientId),
  ]);
  if (!master || !owner || !client) return null;
  return {
    by: { id: master.id, name: master.name, email: master.email },
    client: { id: client.id, name: client.name },
    owner: { id: owner.id, name: owner.name, email: owner.email },
  };
};

/**
 * The master acting as a company's owner: a session of the owner marked with the master's id
 * (sessions.impersonated_by), audited when it starts and when it ends.
 */
export const createImpersonationService = ({ db, events }: { db: Database; events: EventBus }) => {
  const people = createImpersonationRepository(db);

  return {
    /** `POST client/impersonate/{id}`: answers the owner's session token like login does. */
    async start(auth: AuthContext, clientId: string, meta: RequestMeta): Promise<LoginData> {
      const clients = createClientsRepository(db);
      const client = isUuid(clientId) ? await clients.findById(clientId) : undefined;
      if (!client) throw notFound();
      if (client.id === auth.clientId) throw new AppError(406, 'info.impersonateOwnCompany');
      if (client.status !== 'active') throw new AppError(406, 'info.clientIsBlocked');
      const owner = await clients.findOwner(client.id);
      if (!owner?.active) throw new AppError(406, 'info.clientHasNoOwner');
      const token = createToken();
      await db.transaction(async (tx) => {
        await createSessionsRepository(tx).create(client.id, {
          userId: owner.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + SESSION_TTL_HOURS * 3_600_000),
          device: describeDevice(meta.userAgent),
          ip: meta.ip,
          impersonatedBy: auth.userId,
        });
        await auditBoth(tx, {
          master: { clientId: auth.clientId, userId: auth.userId, ip: meta.ip },
          companyId: client.id,
          event: {
            action: 'impersonate',
            module: 'client',
            recordId: client.id,
            changes: { owner: [null, owner.email], started: [null, true] },
          },
        });
      });
      return { access_token: token, clientid: client.id, userid: owner.id };
    },

    /** `POST client/impersonate/end`: only an impersonation session can end itself this way. */
    async end(auth: AuthContext): Promise<void> {
      const masterId = auth.impersonatedBy;
      if (!masterId) throw new AppError(406, 'info.notImpersonating');
      const master = await people.findUser(masterId);
      const ended = await db.transaction(async (tx) => {
        const sessionIds = await createSessionsRepository(tx).revokeOfUser(
          auth.clientId,
          auth.userId,
          auth.sessionId,
        );
        if (master)
          await auditBoth(tx, {
            master: { clientId: master.client_id, userId: master.id, ip: auth.ip },
            companyId: auth.clientId,
            event: {
              action: 'impersonate',
              module: 'client',
              recordId: auth.clientId,
              changes: { started: [true, false] },
            },
          });
        return sessionIds;
      });
      if (ended.length > 0) events.emit('session.revoked', { clientId: auth.clientId, sessionIds: ended });
    },
  };
};

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
