import {
  auditChanges,
  DEFAULT_TAG_COLOR,
  type ListField,
  type ListItem,
  type ListModule,
} from '@conversa/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AuditActor, writeAuditLog } from '../audit/audit-log';
import type { Executor } from '../db/database';
import { listDinamic } from '../db/schema';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../realtime/realtime-events.repository';

export type ResolvedListItems = {
  /** The item id of each name asked (by its lowercased name). */
  idOf: (name: string) => string | undefined;
  /** The `listdinamic` create notifications of the items made, in the outbox; emit them after commit. */
  notifications: StoredNotification[];
};

/**
 * The company's dynamic-list items (tags, statuses) named in an imported file, by name regardless of case;
 * names the company does not have yet become new items with the default colour (audited and announced as
 * the dynamic-list screens make them). Runs in the batch's
 * transaction, one company's imports one at a time, so two files naming a new tag make it once.
 */
export const resolveListItems = async (
  tx: Executor,
  actor: AuditActor,
  list: { module: ListModule; field: ListField },
  names: readonly string[],
): Promise<ResolvedListItems> => {
  const { clientId } = actor;
  const ids = new Map<string, string>();
  const idOf = (name: string) => ids.get(name.toLowerCase());
  if (names.length === 0) return { idOf, notifications: [] };
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`list_dinamic:${clientId}`}))`);
  const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
  const scope = and(
    eq(listDinamic.client_id, clientId),
    eq(listDinamic.module, list.module),
    eq(listDinamic.field, list.field),
  );
  const known = await tx
    .select({ id: listDinamic.id, name: listDinamic.name })
    .from(listDinamic)
    .where(and(scope, inArray(sql`lower(${listDinamic.name})`, wanted)));
  for (const item of known) if (!ids.has(item.name.toLowerCase())) ids.set(item.name.toLowerCase(), item.id);
  const missing = names.filter((name, index) => {
    const key = name.toLowerCase();
    return !ids.has(key) && names.findIndex((other) => other.toLowerCase() === key) === index;
  });
  if (missing.length === 0) return { idOf, notifications: [] };
  const made = await tx
    .insert(listDinamic)
    .values(missing.map((name) => ({ client_id: clientId, ...list, name, color: DEFAULT_TAG_COLOR })))
    .returning();
  for (const item of made) ids.set(item.name.toLowerCase(), item.id);
  const items: ListItem[] = made.map(({ id, module, field, name, color, status, position }) => ({
    id,
    module,
    field,
    name,
    color,
    status,
    position,
  }));
  await writeAuditLog(
    tx,
    actor,
    items.map(({ id, ...item }) => ({
      action: 'create',
      module: 'listdinamic',
      recordId: id,
      changes: auditChanges(null, item),
    })),
  );
  const notifications = await createRealtimeEventsRepository(tx).recordMany(
    clientId,
    items.map((item) => ({ module: 'listdinamic', action: 'create', data: [item], ref: item.id })),
  );
  return { idOf, notifications };
};
