import type { AccountBundle, Pipeline } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, pipelines } from '../../core/db/schema';
import { createTestSockets } from '../../test/sockets';
import {
  call,
  createTestApp,
  listenLocally,
  type Session,
  signupCompany,
  type TestApp,
} from '../../test/test-app';
import { createDeal, createPipeline, pipelinesOf } from '../deals/deals.fixtures';

let testApp: TestApp;
let owner: Session;
let url: string;
const sockets = createTestSockets();

const api = (path: string) => `/api/v1/en/${path}`;

beforeAll(async () => {
  testApp = await createTestApp();
  url = await listenLocally(testApp);
  owner = await signupCompany(testApp.app);
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const update = (id: string, body: unknown) =>
  call<Pipeline>(testApp.app, 'PUT', api(`pipeline/updateone/${id}`), { token: owner.token, body });

const auditRows = async (recordId: string) =>
  (
    (await testApp.app.database.db.execute(
      sql`select action, changes from audit_logs where client_id = ${owner.clientId}
          and module = 'pipeline' and record_id = ${recordId} order by id`,
    )) as unknown as { rows: { action: string; changes: Record<string, [unknown, unknown]> }[] }
  ).rows;

describe('a new company', () => {
  it('starts with a sales pipeline of four stages in its language, in the account bundle', async () => {
    const names = (pipeline: Pipeline | undefined) => [
      pipeline?.name,
      ...(pipeline?.stages ?? []).map((stage) => stage.name),
    ];
    expect(names((await pipelinesOf(testApp.app, owner))[0])).toEqual([
      'Ventas',
      'Nuevo',
      'Contactado',
      'Propuesta',
      'Negociación',
    ]);
    const english = await signupCompany(testApp.app, { language: 'en' });
    const bundle = await call<{ account: AccountBundle }>(
      testApp.app,
      'GET',
      `/api/v1/${english.clientId}/${english.userId}/account/search/en`,
      { token: english.token },
    );
    expect(bundle.status).toBe(200);
    const listed = bundle.body.data[0]?.account.list_pipeline ?? [];
    expect(listed.map(names)).toEqual([['Sales', 'New', 'Contacted', 'Proposal', 'Negotiation']]);
    expect(listed[0]?.stages.map((stage) => stage.order)).toEqual([0, 1, 2, 3]);
  });
});

describe('pipeline writes', () => {
  it('creates, renames, reorders (updateAlt) and deletes, each audited and announced', async () => {
    const { seen } = await sockets.listen(url, owner.token);
    const pipeline = await createPipeline(testApp.app, owner, 'Rentals', ['Asked', 'Visited', 'Signed']);
    const [asked, visited, signed] = pipeline.stages;
    const renamed = await update(pipeline.id, {
      name: 'Rentals 2026',
      stages: [
        { id: asked?.id, name: 'Asked', color: '#000000' },
        { id: visited?.id, name: 'Visited' },
        { name: 'Paid' },
        { id: signed?.id, name: 'Signed' },
      ],
    });
    expect(renamed.status).toBe(200);
    const afterRename = renamed.body.data[0] as Pipeline;
    expect(afterRename.stages.map((stage) => [stage.name, stage.order])).toEqual([
      ['Asked', 0],
      ['Visited', 1],
      ['Paid', 2],
      ['Signed', 3],
    ]);
    expect(afterRename.stages[0]?.color).toBe('#000000');
    const reordered = await update(pipeline.id, {
      stages: [...afterRename.stages].reverse().map(({ id, name, color }) => ({ id, name, color })),
    });
    expect(reordered.body.data[0]?.stages.map((stage) => stage.name)).toEqual([
      'Signed',
      'Paid',
      'Visited',
      'Asked',
    ]);
    const removed = await call(testApp.app, 'DELETE', api(`pipeline/deleteone/${pipeline.id}`), {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await pipelinesOf(testApp.app, owner)).map((item) => item.id)).not.toContain(pipeline.id);
    for (const action of ['create', 'update', 'updateAlt', 'delete']) {
      await expect
        .poll(() =>
          seen.find(
            (item) => item.module === 'pipeline' && item.action === action && item.ref === pipeline.id,
          ),
        )
        .toBeDefined();
    }
    expect((await auditRows(pipeline.id)).map((row) => row.action)).toEqual([
      'create',
      'update',
      'update',
      'delete',
    ]);
    expect((await auditRows(pipeline.id))[1]?.changes.name).toEqual(['Rentals', 'Rentals 2026']);
  });

  it('refuses to delete a stage or a pipeline holding deals (406, nothing changed), then allows it once moved', async () => {
    const pipeline = await createPipeline(testApp.app, owner, 'Busy', ['Hold', 'Free']);
    const [hold, free] = pipeline.stages;
    const deal = await createDeal(testApp.app, owner, {
      name: 'Holder',
      pipeline_id: pipeline.id,
      pipeline_stage_id: hold?.id,
    });
    const refused = await update(pipeline.id, {
      name: 'Busy renamed',
      stages: [{ id: free?.id, name: 'Free' }],
    });
    expect(refused.status).toBe(406);
    expect(refused.body.info).toBe(
      'The stage “Hold” holds 1 deals: move them to another stage before deleting it. Nothing was changed.',
    );
    const deletePipeline = () =>
      call(testApp.app, 'DELETE', api(`pipeline/deleteone/${pipeline.id}`), { token: owner.token });
    expect((await deletePipeline()).status).toBe(406);
    const unchanged = await call<Pipeline>(testApp.app, 'GET', api(`pipeline/search/${pipeline.id}`), {
      token: owner.token,
    });
    expect(unchanged.body.data[0]).toEqual(pipeline);

    const moved = await call(testApp.app, 'PUT', api(`deal/updateone/${deal.id}`), {
      token: owner.token,
      body: { pipeline_stage_id: free?.id },
    });
    expect(moved.status).toBe(200);
    const allowed = await update(pipeline.id, { stages: [{ id: free?.id, name: 'Free' }] });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data[0]?.stages.map((stage) => stage.name)).toEqual(['Free']);
    await call(testApp.app, 'DELETE', api(`deal/deleteone/${deal.id}`), { token: owner.token });
    expect((await deletePipeline()).status).toBe(200);
  });

  it('refuses (406) to delete a stage a deal is being placed in at that moment, and changes nothing', async () => {
    const pipeline = await createPipeline(testApp.app, owner, 'Racing', ['Going', 'Staying']);
    const [going, staying] = pipeline.stages;
    let commit = () => {};
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let markInserted = () => {};
    const inserted = new Promise<void>((resolve) => {
      markInserted = resolve;
    });
    // A deal's insert into the stage, not yet committed when the stage's deletion reads its deals.
    const placing = testApp.app.database.db.transaction(async (tx) => {
      await tx.insert(deals).values({
        client_id: owner.clientId,
        numdeal: 900_001,
        name: 'Just placed',
        pipeline_id: pipeline.id,
        pipeline_stage_id: going?.id ?? '',
      });
      markInserted();
      await committed;
    });
    // The deletion starts only once the row is in (uncommitted): on a busy machine it once ran first.
    await inserted;
    const deleting = update(pipeline.id, { stages: [{ id: staying?.id, name: 'Staying' }] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await placing;
    const refused = await deleting;
    expect(refused.status).toBe(406);
    const unchanged = await call<Pipeline>(testApp.app, 'GET', api(`pipeline/search/${pipeline.id}`), {
      token: owner.token,
    });
    expect(unchanged.body.data[0]?.stages.map((stage) => stage.name)).toEqual(['Going', 'Staying']);
  });

  it('answers 400 on stages.{i}.id for a stage of another pipeline, and on too many stages', async () => {
    const pipeline = await createPipeline(testApp.app, owner, 'Mine', ['One']);
    const other = (await pipelinesOf(testApp.app, owner))[0] as Pipeline;
    const stranger = await update(pipeline.id, {
      stages: [
        { id: pipeline.stages[0]?.id, name: 'One' },
        { id: other.stages[0]?.id, name: 'Taken' },
      ],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors?.[0]?.path).toBe('stages.1.id');
    const tooMany = await update(pipeline.id, {
      stages: Array.from({ length: 101 }, (_, index) => ({ name: `Stage ${index}` })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.path).toBe('stages');
    const empty = await call(testApp.app, 'POST', api('pipeline/create'), {
      token: owner.token,
      body: { name: 'Empty', stages: [] },
    });
    expect(empty.status).toBe(400);
    expect(
      (
        await call<Pipeline>(testApp.app, 'GET', api(`pipeline/search/${pipeline.id}`), {
          token: owner.token,
        })
      ).body.data[0],
    ).toEqual(pipeline);
  });

  it('holds at most 50 pipelines a company (406 beyond)', async () => {
    const company = await signupCompany(testApp.app);
    const existing = (await pipelinesOf(testApp.app, company)).length;
    await testApp.app.database.db.insert(pipelines).values(
      Array.from({ length: 50 - existing }, (_, index) => ({
        client_id: company.clientId,
        name: `Filler ${index}`,
        position: existing + index,
      })),
    );
    const refused = await call(testApp.app, 'POST', api('pipeline/create'), {
      token: company.token,
      body: { name: 'One too many', stages: [{ name: 'Stage' }] },
    });
    expect(refused.status).toBe(406);
    expect(refused.body.info).toBe('A company can have at most 50 pipelines');
    expect(await pipelinesOf(testApp.app, company)).toHaveLength(50);
  });
});
