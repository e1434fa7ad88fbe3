import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { seedDatabase } from '../../seed/seed';
import { call, login, testConfig } from '../../test/test-app';
import { MIGRATIONS_FOLDER } from '../paths';
import { connectDatabase } from './database';
import * as schema from './schema';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from './seed-logins';

const TABLE_COUNTS = `
  select relname as table, (xpath('/row/c/text()', query_to_xml('select count(*) as c from public.' || quote_ident(relname), false, true, '')))[1]::text::int as rows
  from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`;

const SEQUENCES = `select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`;

const dataDir = mkdtempSync(join(tmpdir(), 'conversa-pglite-import-'));
let app: FastifyInstance | undefined;

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a DATA_DIR of an earlier version (PGlite)', () => {
  it('is imported into the embedded PostgreSQL: every row, the sequences, and the sign-ins', async () => {
    const config = testConfig({ databaseUrl: undefined, dataDir });
    const earlier = new PGlite({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    const earlierDb = drizzle({ client: earlier, schema });
    await migrate(earlierDb, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedDatabase(earlierDb, {
      masterEmail: config.masterEmail,
      masterPassword: config.masterPassword,
      seedDemo: true,
      demo: { secretKey: config.secretKey, dataDir, logger: Fastify({ logger: false }).log },
    });
    const before = (await earlier.query<{ table: string; rows: number }>(TABLE_COUNTS)).rows;
    const sequencesBefore = (await earlier.query<{ sequencename: string; last_value: string }>(SEQUENCES))
      .rows;
    await earlier.close();
    expect(before.find((row) => row.table === 'messages')?.rows).toBeGreaterThan(0);

    const imported = await connectDatabase({ databaseUrl: undefined, dataDir });
    expect(imported.kind).toBe('embedded');
    const after = (await imported.db.execute(sql.raw(TABLE_COUNTS))) as unknown as { rows: unknown[] };
    const sequencesAfter = (await imported.db.execute(sql.raw(SEQUENCES))) as unknown as { rows: unknown[] };
    await imported.close();
    expect(after.rows).toEqual(before);
    expect(sequencesAfter.rows).toEqual(sequencesBefore);

    // The product starts on the imported data: the people of the earlier version sign in with their passwords.
    app = await buildApp(config);
    const owner = await login(app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const contacts = await call(app, 'POST', '/api/v1/en/contact/search', { token: owner.token, body: {} });
    expect(contacts.status).toBe(200);
    expect(contacts.body.data.length).toBeGreaterThan(0);
    await login(app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);

    // The earlier folder is kept as a backup under another name, so the next start does not import again.
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.imported-'))).toBe(true);
    // A first start runs initdb; on a loaded two-core machine that alone can take 10 s.
  }, 120_000);
});
