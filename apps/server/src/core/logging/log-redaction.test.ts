import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { seedDatabase } from '../../seed/seed';
import { call, createTestDatabase, login, testConfig } from '../../test/test-app';
import { DEMO_LOGINS } from '../db/seed-logins';

const lines: string[] = [];
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  const config = testConfig({ databaseUrl: database.url, logLevel: 'info' });
  app = await buildApp(config, { logStream: { write: (line) => lines.push(line) } });
  await seedDatabase(app.database.db, {
    masterEmail: config.masterEmail,
    masterPassword: config.masterPassword,
    seedDemo: true,
    demo: { secretKey: config.secretKey, dataDir: config.dataDir, logger: app.log },
  });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('log redaction', () => {
  it('a failed insert logs the failure without the password hash it tried to write', async () => {
    const owner = await login(app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    // A database rule the insert breaks: PostgreSQL answers with the whole failing row in its detail, and
    // Drizzle's error carries every bound value, the new user's password hash among them.
    await app.database.db.execute(
      sql`alter table users add constraint log_probe_refused check (name <> 'Log Probe Person')`,
    );
    lines.length = 0;
    const answer = await call(app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: {
        name: 'Log Probe Person',
        email: `log-probe-${Date.now()}@example.com`,
        password: 'Probe#Secret2026',
        access: ['chat.view'],
      },
    });
    expect(answer.status).toBe(500);
    const log = lines.join('');
    // The failure itself is in the log, with the query and the constraint that refused it.
    expect(log).toContain('log_probe_refused');
    expect(log).toContain('insert into');
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain('Probe#Secret2026');
  });

  it('cuts secrets by field name at any depth, in errors and their causes too', () => {
    lines.length = 0;
    const cause = Object.assign(new Error('driver failed'), {
      detail: 'Key (token_hash)=(9f86d081884c7d65) already exists.',
    });
    const error = Object.assign(new Error('wrapped', { cause }), { parameters: ['hash-value-1'] });
    app.log.error(
      {
        err: error,
        request: { headers: { authorization: 'Bearer token-value-2', cookie: 'sid=cookie-value-3' } },
        device: {
          setting: { conect: { config: { app_secret: 'secret-value-4', bot_token: 'token-value-5' } } },
        },
        user: { password_hash: 'hash-value-6', totp_secret: 'totp-value-7', name: 'kept name' },
      },
      'probe',
    );
    const log = lines.join('');
    expect(log).toContain('kept name');
    expect(log).toContain('Key (token_hash)');
    expect(log).toContain('driver failed');
    for (const secret of [
      '9f86d081884c7d65',
      'hash-value-1',
      'token-value-2',
      'cookie-value-3',
      'secret-value-4',
    ]) {
      expect(log).not.toContain(secret);
    }
    for (const secret of ['token-value-5', 'hash-value-6', 'totp-value-7']) expect(log).not.toContain(secret);
  });
});
