import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../core/auth/passwords';
import { users } from '../core/db/schema';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../core/db/seed-logins';
import { createTestApp, type TestApp } from '../test/test-app';
import { loginsOnDefaultPassword } from './default-passwords';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('seeded logins on a later start', () => {
  it('are named while they keep the printed password, and left out once it is changed', async () => {
    const db = testApp.app.database.db;
    expect(await loginsOnDefaultPassword(db, DEFAULT_MASTER_LOGIN.email)).toEqual([
      DEFAULT_MASTER_LOGIN.email,
      ...Object.values(DEMO_LOGINS).map((login) => login.email),
    ]);

    for (const email of [DEFAULT_MASTER_LOGIN.email, DEMO_LOGINS.owner.email]) {
      await db
        .update(users)
        .set({ password_hash: await hashPassword('Changed#2026') })
        .where(eq(users.email, email));
    }
    expect(await loginsOnDefaultPassword(db, DEFAULT_MASTER_LOGIN.email)).toEqual([
      DEMO_LOGINS.agent.email,
      DEMO_LOGINS.supervisor.email,
      DEMO_LOGINS.viewer.email,
    ]);
  });
});
