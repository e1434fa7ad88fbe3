/** What an audit-log row says happened (API.md part 2). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'login',
  'logout',
  'impersonate',
  'export',
  'import',
  'permission',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Every module whose writes the log records, as its rows name them: the server writes no other (its audit
 * writer takes only these), and the log's filter and labels list exactly these.
 */
export const AUDIT_MODULES = [
  'contact',
  'lead',
  'deal',
  'pipeline',
  'payment',
  'task',
  'note',
  'message',
  'listdinamic',
  'view',
  'template',
  'diffusion',
  'newsletter',
  'agenda',
  'confirmation',
  'integration',
  'apikey',
  'call',
  'device',
  'user',
  'client',
  'import',
  'storage',
  'extraction',
  'purchase',
  'messagebag',
  'plan',
  'feature',
  'deviceAdmin',
] as const;
export type AuditModule = (typeof AUDIT_MODULES)[number];

/** Rows are kept at least this long; nobody can edit or delete one before. */
export const AUDIT_RETENTION_DAYS = 400;

/** field → [before, after]; a create has `null` befores, a delete `null` afters. */
export type AuditChanges = Record<string, [unknown, unknown]>;

export type AuditEntry = {
  id: string;
  create_date: string;
  user_id: string | null;
  user_name: string;
  ip: string;
  action: AuditAction;
  module: string;
  record_id: string;
  changes: AuditChanges;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose value differs between two versions of a record, with both values. */
export const auditChanges = (
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  ignored: readonly string[] = [],
): AuditChanges => {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of keys) {
    if (ignored.includes(key)) continue;
    const from = before ? (before[key] ?? null) : null;
    const to = after ? (after[key] ?? null) : null;
    if (!same(from, to)) changes[key] = [from, to];
  }
  return changes;
};
