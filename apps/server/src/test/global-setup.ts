import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, stopLeftoverPostgres } from '../core/db/embedded-postgres';
import { MIGRATIONS_FOLDER } from '../core/paths';

export type TestDatabaseServer = {
  /** A connection allowed to create and drop databases. */
  adminUrl: string;
  /** The database migrated once for this run; every test file's database is created from it. */
  template: string;
};

declare module 'vitest' {
  // Vitest's provide/inject is typed by augmenting this interface.
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

const EMBEDDED_PREFIX = 'conversa-test-postgres-';

const withClient = async <T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Servers of earlier runs that were killed before their teardown (their owner is gone): stopped and
 * removed. A folder without an owner yet is a run still initialising, unless it is an hour old.
 */
const removeAbandonedServers = async () => {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(EMBEDDED_PREFIX))) {
    const dataDir = join(tmpdir(), name);
    const ownerFile = join(dataDir, 'postgres.owner');
    const owner = existsSync(ownerFile) ? Number.parseInt(readFileSync(ownerFile, 'utf8'), 10) : undefined;
    const abandoned =
      owner === undefined ? Date.now() - statSync(dataDir).mtimeMs > 3_600_000 : !isRunning(owner);
    if (!abandoned) continue;
    await stopLeftoverPostgres(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

let teardownSteps: (() => Promise<void>)[] = [];

/**
 * The server tests run on PostgreSQL: TEST_DATABASE_URL when it is set, otherwise a throwaway embedded
 * server started once for the run. Migrations run once, into a template database.
 */
export const setup = async (project: TestProject) => {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    await removeAbandonedServers();
    const dataDir = mkdtempSync(join(tmpdir(), EMBEDDED_PREFIX));
    const server = await startEmbeddedPostgres({ dataDir, durable: false });
    adminUrl = server.adminUrl;
    teardownSteps.push(async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
  }
  // Runs on a shared server may overlap: each has its own template.
  const template = `conversa_template_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${template}`));
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  await withClient(templateUrl.toString(), (client) =>
    migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
  );
  const admin = adminUrl;
  teardownSteps.unshift(async () => {
    await withClient(admin, (client) => client.query(`drop database if exists ${template} with (force)`));
  });
  project.provide('testDatabaseServer', { adminUrl, template });
};

export const teardown = async () => {
  for (const step of teardownSteps) await step();
  teardownSteps = [];
};
