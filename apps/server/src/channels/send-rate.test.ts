import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { reserveSendTurns } from './send-rate';

const reserveSendTurn = async (db: Parameters<typeof reserveSendTurns>[0], key: string, perSecond: number) =>
  (await reserveSendTurns(db, key, perSecond, 1))[0] ?? 0;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seedDemo: false });
});
afterAll(async () => testApp?.close());

describe('send pacing in the database', () => {
  it('grants a second’s worth of sends at once, then lines the waiting senders up one turn apart', async () => {
    const db = testApp.app.database.db;
    const granted = await Promise.all(Array.from({ length: 3 }, () => reserveSendTurn(db, 'test:burst', 3)));
    expect(granted).toEqual([0, 0, 0]);
    const waits = [];
    for (let turn = 0; turn < 3; turn += 1) waits.push(await reserveSendTurn(db, 'test:burst', 3));
    // Each waiting sender has its own turn, a third of a second after the one before.
    expect(waits[0]).toBeGreaterThan(300);
    expect(waits[0]).toBeLessThanOrEqual(334);
    expect(waits[1]).toBeGreaterThan(630);
    expect(waits[1]).toBeLessThanOrEqual(667);
    expect(waits[2]).toBeGreaterThan(960);
    expect(waits[2]).toBeLessThanOrEqual(1000);
  });

  it('reserves a batch of turns at once, each a turn after the one before once the bucket is empty', async () => {
    const db = testApp.app.database.db;
    const waits = await reserveSendTurns(db, 'test:batch', 4, 7);
    expect(waits.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(waits[4]).toBeGreaterThan(230);
    expect(waits[4]).toBeLessThanOrEqual(250);
    expect(waits[6]).toBeGreaterThan(730);
    expect(waits[6]).toBeLessThanOrEqual(750);
    // The next caller lines up after the batch.
    expect(await reserveSendTurn(db, 'test:batch', 4)).toBeGreaterThan(980);
  });

  it('refills at the published rate once the promised turns have passed', async () => {
    const db = testApp.app.database.db;
    expect(await reserveSendTurn(db, 'test:chat', 1)).toBe(0);
    const wait = await reserveSendTurn(db, 'test:chat', 1);
    expect(wait).toBeGreaterThan(900);
    await new Promise((resolve) => setTimeout(resolve, wait + 1020));
    expect(await reserveSendTurn(db, 'test:chat', 1)).toBe(0);
  });
});
