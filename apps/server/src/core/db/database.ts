import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths';
import { type EmbeddedPostgresLogger, silentLogger, startEmbeddedPostgres } from './embedded-postgres';
import { hasPgliteData, importPgliteData } from './pglite-import';
import { prepareRepeatedStatements } from './prepared-statements';
import * as schema from './schema';

export type Schema = typeof schema;

/** The Drizzle type repositories see: they never know which PostgreSQL server answers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** What a repository runs on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Independent queries: side by side on the pool, one after the other in a transaction, whose one
 * connection cannot run two at once (pg queues them today and refuses them from pg 9 on).
 */
export const allOn = async <T extends readonly unknown[]>(
  executor: Executor,
  queries: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> => {
  if (!(executor instanceof PgTransaction))
    return (await Promise.all(queries.map((run) => run()))) as unknown as T;
  const results: unknown[] = [];
  for (const run of queries) results.push(await run());
  return results as unknown as T;
};

export type DatabaseConnection = {
  db: Database;
  /** `embedded`: the private PostgreSQL server this process runs under DATA_DIR. */
  kind: 'embedded' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** A postgres:// URL, or undefined for the embedded server in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Told when an idle PostgreSQL connection fails, so it is logged rather than crashing the process. */
  onIdleError?: (error: Error) => void;
  /** Where the embedded server reports its start, its stop and its own warnings. */
  logger?: EmbeddedPostgresLogger;
};

/** The product's one driver: a pg Pool, on DATABASE_URL or on the embedded server alike. */
const connectPool = (
  url: string,
  options: DatabaseOptions,
  kind: DatabaseConnection['kind'],
  afterClose: () => Promise<void>,
): DatabaseConnection => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (a restart, a failover, a dropped database) is an 'error' on the
  // pool; unhandled it would end the process. The pool replaces the connection on the next query.
  pool.on('error', (error) => options.onIdleError?.(error));
  pool.on('connect', prepareRepeatedStatements);
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db,
    kind,
    migrate: () => migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
      await afterClose();
    },
  };
};

/**
 * Opens PostgreSQL: the server at DATABASE_URL, or without it a private server started under DATA_DIR and
 * stopped when the connection closes. An earlier version's PGlite folder in DATA_DIR is imported first.
 */
export const connectDatabase = async (options: DatabaseOptions): Promise<DatabaseConnection> => {
  if (options.databaseUrl !== undefined) {
    return connectPool(options.databaseUrl, options, 'postgres', async () => {});
  }
  const server = await startEmbeddedPostgres({ dataDir: options.dataDir, logger: options.logger });
  if (hasPgliteData(options.dataDir)) {
    await importPgliteData(options.dataDir, server.url, options.logger ?? silentLogger).catch(
      async (error) => {
        await server.stop();
        throw error;
      },
    );
  }
  return connectPool(server.url, options, 'embedded', server.stop);
};

/** Whether PostgreSQL refused a statement with this SQLSTATE (on the error or the driver's cause). */
const hasCode = (error: unknown, code: string): boolean => {
  const codeOf = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return codeOf(error) === code || codeOf(cause) === code;
};

/** Postgres' unique_violation, looked for on the error and on the driver error Drizzle wraps. */
export const isUniqueViolation = (error: unknown): error is { constraint?: string } =>
  hasCode(error, '23505');

/** A lock waited for longer than the transaction's `lock_timeout` allows. */
export const isLockTimeout = (error: unknown): boolean => hasCode(error, '55P03');

/** A row still referenced elsewhere (a stage a deal was just placed in) could not be deleted. */
export const isForeignKeyViolation = (error: unknown): boolean => hasCode(error, '23503');

/** The name of the violated constraint, when the driver reports it. */
export const violatedConstraint = (error: unknown): string => {
  const constraintOf = (value: unknown): string | undefined =>
    typeof value === 'object' &&
    value !== null &&
    'constraint' in value &&
    typeof value.constraint === 'string'
      ? value.constraint
      : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  const detailOf = (value: unknown): string | undefined =>
    typeof value === 'object' && value !== null && 'detail' in value && typeof value.detail === 'string'
      ? value.detail
      : undefined;
  return constraintOf(error) ?? constraintOf(cause) ?? detailOf(error) ?? detailOf(cause) ?? '';
};
