import type { AuditAction, AuditChanges, AuditModule } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { recordset } from '../db/recordset';
import type { AuthContext } from '../http/fastify-types';

/** One thing that happened to one record (or to the account, for login, logout and permission). */
export type AuditEvent = {
  action: AuditAction;
  module: AuditModule;
  recordId?: string;
  changes?: AuditChanges;
};

/**
 * Who did it: the caller of a route, a user the server acts for (an import job carries its starter), or an
 * outside system's API key (no user; the row names the key).
 */
export type AuditActor = Pick<AuthContext, 'clientId' | 'userId' | 'ip' | 'apiKey'>;

/** The name an API key's rows carry where a user's name would be, so the log says which key wrote. */
export const apiKeyActorName = (name: string): string => `API key ${name}`;

/**
 * Writes the audit rows of a change inside the transaction that makes it, so a write and its row commit
 * together or not at all. The user's name is copied at write time: the log keeps saying who it was after
 * a rename or a deletion. Many events go as one statement (a bulk update of 10,000 records is one insert).
 */
export const writeAuditLog = async (
  db: Executor,
  actor: AuditActor,
  events: readonly AuditEvent[],
): Promise<void> => {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    action: event.action,
    module: event.module,
    record_id: event.recordId ?? '',
    changes: event.changes ?? {},
  }));
  const userId = actor.userId || null;
  const keyName = actor.apiKey ? apiKeyActorName(actor.apiKey.name) : null;
  await db.execute(sql`
    insert into audit_logs (client_id, user_id, user_name, ip, action, module, record_id, changes)
    select ${actor.clientId}::uuid, ${userId}::uuid,
      coalesce(${keyName}::text, (select name from users where id = ${userId}::uuid), ''), ${actor.ip ?? ''},
      r.action, r.module, r.record_id, r.changes
    from jsonb_to_recordset(${recordset(rows)}) as r(action text, module text, record_id text, changes jsonb)`);
};
