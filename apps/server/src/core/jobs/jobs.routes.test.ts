import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';
import { jobs } from '../db/schema';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../db/seed-logins';

type PublicJob = {
  id: number;
  name: string;
  key: string;
  status: string;
  attempts: number;
  max_attempts: number;
  last_error: string;
  run_at: string;
  update_date: string;
};

let testApp: TestApp;
let master: Session;
let owner: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  // Jobs no worker of this app defines, so a retried one stays pending where the test can read it.
  await testApp.app.database.db.insert(jobs).values([
    {
      name: 'billing.renew',
      key: 'billing.renew:dead',
      payload: { companyId: 'c1' },
      status: 'failed',
      attempts: 5,
      last_error: 'payment provider unreachable',
      update_date: new Date('2026-03-02T10:00:00Z'),
    },
    {
      name: 'task.remind',
      key: 'task.remind:dead',
      payload: {},
      status: 'failed',
      attempts: 3,
      max_attempts: 3,
      last_error: 'task not found',
      update_date: new Date('2026-03-01T10:00:00Z'),
    },
    {
      name: 'task.remind',
      key: 'task.remind:waiting',
      payload: {},
      run_at: new Date(Date.now() + 3_600_000),
    },
  ]);
});
afterAll(async () => testApp?.close());

const search = (body: unknown, token = master.token) =>
  call<PublicJob>(testApp.app, 'POST', '/api/v1/en/jobs/search', { token, body });

describe('dead jobs (master only)', () => {
  it('the master lists failed jobs, the latest to die first, with attempts and last error', async () => {
    const answer = await search({ filters: [{ key: 'status', condition: 'equalto', value: 'failed' }] });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toMatchObject({ total: 2 });
    expect(answer.body.data.map((job) => job.key)).toEqual(['billing.renew:dead', 'task.remind:dead']);
    expect(answer.body.data[0]).toMatchObject({
      name: 'billing.renew',
      status: 'failed',
      attempts: 5,
      max_attempts: 5,
      last_error: 'payment provider unreachable',
      update_date: '2026-03-02T10:00:00.000Z',
    });
    expect(answer.body.data[0]).not.toHaveProperty('payload');
  });

  it('filters by name and by date', async () => {
    const byName = await search({
      filters: [
        { key: 'status', condition: 'equalto', value: 'failed' },
        { key: 'name', condition: 'equalto', value: 'task.remind' },
      ],
    });
    expect(byName.body.data.map((job) => job.key)).toEqual(['task.remind:dead']);
    const byDate = await search({
      filters: [{ key: 'update_date', condition: 'between', value: ['2026-03-02', '2026-03-02'] }],
    });
    expect(byDate.body.data.map((job) => job.key)).toEqual(['billing.renew:dead']);
  });

  it('a retried dead job is pending again from its first attempt, and cannot be retried twice', async () => {
    const [dead] = (
      await search({ filters: [{ key: 'key', condition: 'equalto', value: 'task.remind:dead' }] })
    ).body.data;
    const answer = await call<PublicJob>(testApp.app, 'POST', `/api/v1/en/jobs/retry/${dead?.id}`, {
      token: master.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ key: 'task.remind:dead', status: 'pending', attempts: 0 });
    const again = await call(testApp.app, 'POST', `/api/v1/en/jobs/retry/${dead?.id}`, {
      token: master.token,
    });
    expect(again.status).toBe(404);
  });

  it('a job that is not dead, or an id that names no job, answers 404', async () => {
    const [waiting] = (
      await search({ filters: [{ key: 'key', condition: 'equalto', value: 'task.remind:waiting' }] })
    ).body.data;
    for (const id of [String(waiting?.id), '999999999', 'not-a-number', '1e3']) {
      const answer = await call(testApp.app, 'POST', `/api/v1/en/jobs/retry/${id}`, { token: master.token });
      expect(answer.status).toBe(404);
    }
  });

  it('an unknown filter key answers 400 naming it', async () => {
    const answer = await search({ filters: [{ key: 'payload', condition: 'equalto', value: 'x' }] });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toBe('filters.0.key');
  });

  it.each([
    ['/api/v1/es/jobs/search', {}],
    ['/api/v1/es/jobs/retry/1', undefined],
  ])('a company owner is refused %s with 403', async (url, body) => {
    const answer = await call(testApp.app, 'POST', url, { token: owner.token, body });
    expect(answer.status).toBe(403);
    expect(answer.body.info).toBe('Acceso restringido.');
  });
});
