import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths';
import type { EmbeddedPostgresLogger } from './embedded-postgres';

const BATCH_ROWS = 2000;

/** The folder where versions before the embedded PostgreSQL server kept their PGlite database. */
export const pgliteFolderOf = (dataDir: string) => join(dataDir, 'pglite');

export const hasPgliteData = (dataDir: string) => existsSync(join(pgliteFolderOf(dataDir), 'PG_VERSION'));

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Moves the data of an earlier version's PGlite folder into the PostgreSQL database at targetUrl: both
 * are brought to the current migrations, then every table is copied row for row (as JSON, so every type
 * keeps its exact text form) and every sequence continues where it was. The copy is one transaction: a
 * start interrupted halfway leaves the target as it was and the next start copies again. The PGlite folder
 * is then renamed, not deleted, so it stays as a backup until someone removes it.
 */
export const importPgliteData = async (
  dataDir: string,
  targetUrl: string,
  logger: EmbeddedPostgresLogger,
) => {
  const source = pgliteFolderOf(dataDir);
  const startedAt = Date.now();
  logger.warn({ source }, 'importing the PGlite database of an earlier version into the embedded PostgreSQL');
  // Loaded only here: PGlite's WebAssembly build is needed by nothing else at run time.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');

  const pglite = new PGlite({ dataDir: source, extensions: { pg_trgm } });
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  const counts: Record<string, number> = {};
  try {
    await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    await migrateNodePostgres(drizzleNodePostgres({ client: target }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });

    const tables = (
      await pglite.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((row) => row.name);
    const sequences = (
      await pglite.query<{ name: string; value: string | null }>(
        `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
      )
    ).rows;

    await target.query('begin');
    // Rows arrive table by table, not in foreign-key order; the checks are off for this session only.
    await target.query('set local session_replication_role = replica');
    if (tables.length > 0) await target.query(`truncate ${tables.map(quote).join(', ')} cascade`);
    await pglite.query('begin');
    for (const table of tables) {
      counts[table] = 0;
      await pglite.query(
        `declare rows_of_table no scroll cursor for select row_to_json(t)::text as row from ${quote(table)} t`,
      );
      for (;;) {
        const batch = await pglite.query<{ row: string }>(`fetch ${BATCH_ROWS} from rows_of_table`);
        if (batch.rows.length === 0) break;
        await target.query(
          `insert into ${quote(table)} select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
          [`[${batch.rows.map((row) => row.row).join(',')}]`],
        );
        counts[table] += batch.rows.length;
      }
      await pglite.query('close rows_of_table');
    }
    await pglite.query('commit');
    for (const sequence of sequences) {
      if (sequence.value !== null) {
        await target.query('select setval($1::regclass, $2::bigint)', [
          `public.${quote(sequence.name)}`,
          sequence.value,
        ]);
      }
    }
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw new Error(
      `The PGlite database in ${source} could not be imported into the embedded PostgreSQL; nothing was changed. ` +
        'Start the previous version to keep using it, or move the folder away to start empty.',
      { cause: error },
    );
  } finally {
    await target.end();
    await pglite.close();
  }
  const backup = `${source}.imported-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}`;
  await rename(source, backup);
  logger.warn(
    { backup, rows: counts, ms: Date.now() - startedAt },
    'PGlite database imported; its folder is kept as a backup',
  );
};
