import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/core/db/database';
import { startEmbeddedPostgres } from '../../apps/server/src/core/db/embedded-postgres';
import { prepareRepeatedStatements } from '../../apps/server/src/core/db/prepared-statements';
import * as schema from '../../apps/server/src/core/db/schema';

/**
 * Direct access to the benchmark database, beside the server: PostgreSQL through `pg`, or the embedded
 * server started by this process on the data folder (only while no product server holds that folder).
 */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export type Sql = {
  kind: 'embedded' | 'postgres';
  /** The connection string, for a library that opens its own pool (pg-boss in the jobs phase). */
  url: string;
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /** A Drizzle instance on the same connection whose every query is handed to `logger`. */
  drizzle: (logger: Logger) => Database;
  /** Runs `work` in one transaction on one connection. */
  transaction: <T>(work: (query: Query) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'embedded'; dataDir: string };

const openPool = (
  url: string,
  connections: number,
  kind: Sql['kind'],
  afterClose: () => Promise<void>,
): Sql => {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // An idle connection the server ends would otherwise be an unhandled 'error' that kills the benchmark
  // before it reports; the pool replaces it and the next query says what went wrong.
  pool.on('error', (error) =>
    process.stderr.write(`[bench] idle database connection ended: ${error.message}\n`),
  );
  // The limits run their statements as the product does: repeated ones prepared on each connection.
  pool.on('connect', prepareRepeatedStatements);
  return {
    kind,
    url,
    query: async <T>(text: string, params?: unknown[]) =>
      (await pool.query(text, params as unknown[])).rows as T[],
    drizzle: (logger) => drizzleNodePostgres({ client: pool, schema, logger }) as unknown as Database,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(
          async <T>(text: string, params?: unknown[]) =>
            (await client.query(text, params as unknown[])).rows as T[],
        );
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await pool.end();
      await afterClose();
    },
  };
};

export const openSql = async (target: DatabaseTarget, connections = 4): Promise<Sql> => {
  if (target.kind === 'postgres') return openPool(target.url, connections, 'postgres', async () => {});
  const server = await startEmbeddedPostgres({ dataDir: target.dataDir });
  return openPool(server.url, connections, 'embedded', server.stop);
};

/** Drops and creates a PostgreSQL database named in `url` through the server's maintenance database. */
export const recreatePostgresDatabase = async (url: string): Promise<void> => {
  const parsed = new URL(url);
  const name = parsed.pathname.replace(/^\//, '');
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  parsed.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: parsed.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
};
