import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { takeSendToken } from './send-rate';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seedDemo: false });
});
afterAll(async () => testApp?.close());

describe('send pacing in the database', () => {
  it('grants a second’s worth of sends at once, then says how long to wait', async () => {
    const db = testApp.app.database.db;
    const granted = await Promise.all(Array.from({ length: 3 }, () => takeSendToken(db, 'test:burst', 3)));
    expect(granted).toEqual([0, 0, 0]);
    const wait = await takeSendToken(db, 'test:burst', 3);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(334);
  });

  it('refills at the published rate', async () => {
    const db = testApp.app.database.db;
    expect(await takeSendToken(db, 'test:chat', 1)).toBe(0);
    const wait = await takeSendToken(db, 'test:chat', 1);
    expect(wait).toBeGreaterThan(900);
    await new Promise((resolve) => setTimeout(resolve, wait + 20));
    expect(await takeSendToken(db, 'test:chat', 1)).toBe(0);
  });
});
