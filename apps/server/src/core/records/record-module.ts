import type { AuditModule, FieldType, PermissionKey, RecordField, SearchBody } from '@conversa/domain';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../db/database';
import type { AuthContext } from '../http/fastify-types';
import type { FieldType as SearchType, SearchWhitelist } from '../http/search-query';
import type { MessageKey } from '../i18n/i18n';
import type { StoredNotification } from '../realtime/realtime-events.repository';

/** A record module's table: every kit module has a uuid `id` and the tenant's `client_id`. */
export type RecordTable = PgTable & { id: PgColumn; client_id: PgColumn };

export type RecordRow<T extends RecordTable> = T['$inferSelect'];
export type RecordValues<T extends RecordTable> = Omit<T['$inferInsert'], 'client_id'>;
export type RecordPatch<T extends RecordTable> = Partial<RecordValues<T>>;

/** The kit's actions; a module's permission prefix must hold all of them (`lead.view` … `lead.bulkdelete`). */
type KitAction = 'view' | 'create' | 'edit' | 'delete' | 'export' | 'bulkupdate' | 'bulkdelete';
type PrefixOf<K> = K extends `${infer P}.${KitAction}` ? P : never;
export type RecordPermission = {
  [P in PrefixOf<PermissionKey>]: `${P}.${KitAction}` extends PermissionKey ? P : never;
}[PrefixOf<PermissionKey>];

/** Where a module's hooks run: inside the write's transaction, for the caller. */
export type RecordContext = { db: Executor; auth: AuthContext };

type Maybe<T> = T | Promise<T>;

/** One record a write changed: `before` is null for a create. */
export type RecordChange<T extends RecordTable> = { before: RecordRow<T> | null; after: RecordRow<T> };

/** What a module's write hook adds: notifications in the outbox, and work after commit (a domain event). */
export type WriteEffects = { notifications: StoredNotification[]; afterCommit?: () => void };

/**
 * Everything the kit needs to give a module its routes (see docs/ARCHITECTURE.md "Record kit"): the table,
 * the fields of packages/domain mapped to columns, the API shape, and how bodies become rows.
 */
export type RecordModule<
  T extends RecordTable = RecordTable,
  Api = unknown,
  Related = unknown,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Bulk extends z.ZodType = z.ZodType,
> = {
  /** API path segment (`lead/search`), realtime `module` and audit-log `module`. */
  name: AuditModule;
  /** `{permission}.view|create|edit|delete|export|bulkupdate|bulkdelete`. */
  permission: RecordPermission;
  /** Who else may read one record (`X/search/{id}`): a contact is also the chat's conversation. */
  readPermissions?: readonly PermissionKey[];
  /** OpenAPI tag and the words of the summaries: `{ one: 'lead', many: 'leads' }`. */
  words: { one: string; many: string };
  table: T;
  /** The module's RecordField list (packages/domain MODULE_FIELDS): search, sort, export, audit keys. */
  fields: readonly RecordField[];
  /** Each field key → the column (or SQL expression) it searches and sorts. */
  columns: Record<string, AnyColumn | SQL>;
  /**
   * Which of the tenant's records the caller may see at all (a task's visibility): added to every read and
   * write, so a record outside it answers 404 and is absent from searches, bulks, boards and exports.
   */
  scope?: (auth: AuthContext) => SQL | undefined;
  /**
   * `X/search` with a body of the module's own (searchBodySchema extended): `prepare` turns it into the
   * kit's body and a condition of the module's (the task bell's incomplete list).
   */
  search?: {
    schema: z.ZodType<SearchBody>;
    prepare: (body: SearchBody, auth: AuthContext) => { body: SearchBody; where?: SQL };
  };
  /** Search keys beyond the fields (kept for older callers), with their own search type. */
  searchExtra?: SearchWhitelist;
  /** Data read once per batch of rows that toApi needs besides the row (a contact's device). */
  related?: (db: Executor, clientId: string, rows: RecordRow<T>[]) => Promise<Related>;
  toApi: (row: RecordRow<T>, related: Related) => Api;
  /**
   * The record as the caller may see it in an answer, when part of it is guarded by another permission (a
   * deal's contact): the domain's audience rule, as their notifications show it. Whole without it.
   */
  viewFor?: (auth: AuthContext, record: Api) => Api;
  create: {
    schema: Create;
    values: (input: z.output<Create>, context: RecordContext) => Maybe<RecordValues<T>>;
    /** Work on the stored row in the create's transaction, before it is answered (a task's first comment). */
    after?: (row: RecordRow<T>, input: z.output<Create>, context: RecordContext) => Promise<void>;
  };
  update: {
    schema: Update;
    /** The columns to change; throw an AppError for a rule that spans fields (a phone for its country). */
    patch: (input: z.output<Update>, current: RecordRow<T>, context: RecordContext) => Maybe<RecordPatch<T>>;
  };
  /** The `update` of `X/updatemany`; by default its keys are columns set as given. */
  bulkUpdate: {
    schema: Bulk;
    patch?: (input: z.output<Bulk>, context: RecordContext) => Maybe<RecordPatch<T>>;
  };
  /**
   * Runs in the transaction of every create, update and bulk update, after the rows changed (a deal's stage
   * history); its notifications are published and its afterCommit run once the transaction committed.
   */
  afterWrite?: (changes: RecordChange<T>[], context: RecordContext) => Promise<WriteEffects>;
  /** Runs in the transaction of every delete (one, bulk) with the rows deleted (a won deal's count taken back). */
  afterDelete?: (rows: RecordRow<T>[], context: RecordContext) => Promise<void>;
  defaultSort: { key: string; order: 'asc' | 'desc' };
  /** The field `X/kanban` groups by when the body names none. */
  kanban: string;
  /** A unique index a create or update can meet: 409 with this text on this field. */
  duplicate?: { info: MessageKey; createPath: string; updatePath: string };
  info: { created: MessageKey; updated: MessageKey; deleted: MessageKey };
};

/** Declares a module for the kit; the identity function keeps the generic types of the declaration. */
export const defineRecordModule = <
  T extends RecordTable,
  Api,
  Related,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Bulk extends z.ZodType,
>(
  module: RecordModule<T, Api, Related, Create, Update, Bulk>,
) => module;

/** How a field of each type is compared by the search builder. */
export const SEARCH_TYPE_OF: Record<FieldType, SearchType> = {
  text: 'text',
  phone: 'text',
  email: 'text',
  country: 'text',
  select: 'text',
  user: 'text',
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'date',
  boolean: 'boolean',
  tags: 'list',
  users: 'list',
  enum: 'text',
  pipeline: 'text',
  stage: 'text',
};

/** The types a kanban can group by: one value per record. */
export const GROUPABLE_TYPES: readonly FieldType[] = [
  'select',
  'user',
  'country',
  'boolean',
  'enum',
  'stage',
];

/** A record's value at a field key (`info.phone` reads `record.info.phone`). */
export const valueAt = (record: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((value, segment) => {
    // A list of objects answers each one's value (a task's `reference.name`: the names of its records).
    if (Array.isArray(value)) return value.map((item) => valueAt(item, segment));
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)[segment]
      : undefined;
  }, record);

/** The audited view of a record: its field keys with their values (what `changes` names). */
export const auditValues = (fields: readonly RecordField[], record: unknown): Record<string, unknown> =>
  Object.fromEntries(fields.map((field) => [field.key, valueAt(record, field.key) ?? null]));
