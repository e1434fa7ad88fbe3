import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;

/** The one Drizzle type both drivers satisfy, so repositories never know which engine runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** What a repository runs on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseConnection = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** A postgres:// URL, `memory://` for an in-memory embedded database, or undefined for the data folder. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Told when an idle PostgreSQL connection fails, so it is logged rather than crashing the process. */
  onIdleError?: (error: Error) => void;
};

const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && /^postgres(ql)?:\/\//.test(url);

/** Opens PGlite (embedded, default) or PostgreSQL (DATABASE_URL); both run the same migrations. */
export const connectDatabase = async (options: DatabaseOptions): Promise<DatabaseConnection> => {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a failover, a dropped database) is an 'error' on the
    // pool; unhandled it would end the process. The pool replaces the connection on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzleNodePostgres({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.databaseUrl === 'memory://') {
    client = new PGlite({ extensions: { pg_trgm } });
  } else {
    const dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    // pg_trgm backs the contact-name search index; a migration creates the extension in the database.
    client = new PGlite({ dataDir, extensions: { pg_trgm } });
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
};

/** Postgres' unique_violation, looked for on the error and on the driver error Drizzle wraps. */
export const isUniqueViolation = (error: unknown): error is { constraint?: string } => {
  const codeOf = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return codeOf(error) === '23505' || codeOf(cause) === '23505';
};

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
