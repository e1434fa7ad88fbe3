import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { MIGRATIONS_FOLDER } from '../paths';

/** Migration 0019 run again over rows written with the keys of before it (it changes nothing else). */
const MIGRATION = readFileSync(join(MIGRATIONS_FOLDER, '0019_spec_permission_keys.sql'), 'utf8');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

const OLD_COMPANY_KEYS = ['chat.view', 'chat.sendmessage', 'chat.transfer', 'contact.view'];

const insertCompany = async (subdomain: string, access: string[], market = false): Promise<string> => {
  const { rows } = await client.query<{ id: string }>(
    `insert into clients (name, email, subdomain, access, number_format, market)
     values ($1, $2, $1, $3, '{}'::jsonb, $4) returning id`,
    [subdomain, `${subdomain}@example.com`, JSON.stringify(access), market],
  );
  return rows[0]!.id;
};

const insertUser = async (clientId: string, email: string, account: string, access: string[]) => {
  await client.query(
    `insert into users (client_id, name, email, password_hash, account, access)
     values ($1, $2, $2, 'x', $3, $4)`,
    [clientId, email, account, JSON.stringify(access)],
  );
};

const userOf = async (email: string) =>
  (
    await client.query<{ access: string[]; answer: boolean }>(
      'select access, answer from users where email = $1',
      [email],
    )
  ).rows[0];

describe('migration to the spec permission keys', () => {
  it('drops chat.sendmessage and chat.transfer everywhere, and keeps who may write in a conversation', async () => {
    await client.query(
      `insert into plans (code, name, duration_days, devices, users, messages, access)
       values ('old-plan', 'Old plan', 30, 1, 1, 100, $1)`,
      [JSON.stringify(OLD_COMPANY_KEYS)],
    );
    const company = await insertCompany('oldkeys', OLD_COMPANY_KEYS);
    const quiet = await insertCompany('quietco', ['chat.view']);
    const market = await insertCompany('marketco', ['chat.view'], true);
    await insertUser(company, 'owner@oldkeys.test', 'client', []);
    await insertUser(company, 'writer@oldkeys.test', 'user', [
      'chat.view',
      'chat.sendmessage',
      'chat.transfer',
    ]);
    await insertUser(company, 'reader@oldkeys.test', 'user', ['chat.view', 'chat.lockchat']);
    await insertUser(quiet, 'owner@quietco.test', 'client', []);
    await insertUser(market, 'agent@marketco.test', 'user', ['chat.view']);

    for (const statement of MIGRATION.split('--> statement-breakpoint')) await client.query(statement);

    const { rows } = await client.query<{ access: string[] }>(
      `select access from plans union all select access from clients union all select access from users`,
    );
    expect(
      rows
        .flatMap((row) => row.access)
        .filter((key) => key === 'chat.sendmessage' || key === 'chat.transfer'),
    ).toEqual([]);
    expect(await userOf('writer@oldkeys.test')).toEqual({ access: ['chat.view'], answer: true });
    expect(await userOf('owner@oldkeys.test')).toMatchObject({ answer: true });
    expect(await userOf('reader@oldkeys.test')).toEqual({
      access: ['chat.view', 'chat.lockchat'],
      answer: false,
    });
    expect(await userOf('owner@quietco.test')).toMatchObject({ answer: false });
    expect(await userOf('agent@marketco.test')).toMatchObject({ answer: true });
  });
});
