import {
  auditChanges,
  PIPELINE_LIMITS,
  type Pipeline,
  type PipelineCreateInput,
  type pipelineCreateSchema,
  type pipelineUpdateSchema,
} from '@conversa/domain';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import { type Database, type Executor, isForeignKeyViolation } from '../../core/db/database';
import type { PipelineStageRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { auditedPipeline, toPipeline } from './pipelines.mapper';
import { createPipelinesRepository, type PipelinesRepository } from './pipelines.repository';

type PipelineCreate = z.output<typeof pipelineCreateSchema>;
type PipelineUpdate = z.output<typeof pipelineUpdateSchema>;
type StageInput = PipelineCreate['stages'][number];

const MODULE = 'pipeline';

/**
 * A deal placed in a stage (or pipeline) while it is being deleted: the count read before the delete did
 * not see it, and the foreign key refuses the delete. Answered like a stage that holds deals, not a 500.
 */
const refusedWhileInUse = async (work: () => Promise<unknown>): Promise<void> => {
  try {
    await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(406, 'info.stageGotDeals');
    throw error;
  }
};

/** Only the stages' order changed: the realtime `updateAlt` a board follows without reloading its settings. */
const isReorder = (before: Pipeline, after: Pipeline): boolean => {
  if (before.name !== after.name || before.stages.length !== after.stages.length) return false;
  const byId = new Map(before.stages.map((stage) => [stage.id, stage]));
  const same = after.stages.every((stage) => {
    const previous = byId.get(stage.id);
    return previous !== undefined && previous.name === stage.name && previous.color === stage.color;
  });
  return same && after.stages.some((stage, index) => stage.id !== before.stages[index]?.id);
};

/**
 * Pipelines and their stages (API.md part 2): read with deal.view, written with setting.edit. A stage or a
 * pipeline holding deals is never deleted (406, nothing changed). Every write has its audit row and a
 * realtime `pipeline` notification after commit.
 */
export const createPipelinesService = ({ db, events }: { db: Database; events: EventBus }) => {
  const repo = createPipelinesRepository(db);

  const load = async (repository: PipelinesRepository, auth: AuthContext, id: string, lock = false) => {
    const row = isUuid(id) ? await repository.findById(auth.clientId, id, lock) : undefined;
    if (!row) throw notFound();
    return { row, stages: await repository.stagesOf(auth.clientId, id) };
  };

  const announce = (tx: Executor, auth: AuthContext, action: string, pipeline: Pipeline) =>
    createRealtimeEventsRepository(tx).record(auth.clientId, {
      module: MODULE,
      action,
      data: [pipeline],
      ref: pipeline.id,
    });

  const publish = (clientId: string, notification: StoredNotification | null) => {
    if (notification)
      events.emit('record.changed', { clientId, module: MODULE, notifications: [notification] });
  };

  /**
   * The whole stage list of an update: a stage with an id is kept (renamed, recoloured, moved), one without
   * is added, one left out is deleted unless it holds deals.
   */
  const replaceStages = async (
    tx: PipelinesRepository,
    auth: AuthContext,
    pipelineId: string,
    current: PipelineStageRow[],
    wanted: StageInput[],
  ) => {
    const known = new Set(current.map((stage) => stage.id));
    const strangers = wanted.flatMap((stage, index) =>
      stage.id !== undefined && !known.has(stage.id)
        ? [{ path: `stages.${index}.id`, message: 'validation.stageOfAnotherPipeline' as const }]
        : [],
    );
    if (strangers.length > 0) throw badRequest(strangers);
    const kept = new Set(wanted.map((stage) => stage.id));
    const removed = current.filter((stage) => !kept.has(stage.id));
    const holding = await tx.dealsByStage(
      auth.clientId,
      pipelineId,
      removed.map((stage) => stage.id),
    );
    const busy = removed.find((stage) => (holding.get(stage.id) ?? 0) > 0);
    if (busy) {
      throw new AppError(406, 'info.stageHoldsDeals', undefined, {
        stage: busy.name,
        count: String(holding.get(busy.id)),
      });
    }
    await refusedWhileInUse(() =>
      tx.deleteStages(
        auth.clientId,
        removed.map((stage) => stage.id),
      ),
    );
    const added = [];
    for (const [position, stage] of wanted.entries()) {
      const values = { name: stage.name, color: stage.color, position };
      if (stage.id === undefined) added.push(values);
      else await tx.updateStage(auth.clientId, stage.id, values);
    }
    await tx.insertStages(auth.clientId, pipelineId, added);
  };

  return {
    async list(auth: AuthContext): Promise<Pipeline[]> {
      return (await repo.listAll(auth.clientId)).map(({ row, stages }) => toPipeline(row, stages));
    },

    async findOne(auth: AuthContext, id: string): Promise<Pipeline> {
      const { row, stages } = await load(repo, auth, id);
      return toPipeline(row, stages);
    },

    async create(auth: AuthContext, input: PipelineCreate | PipelineCreateInput): Promise<Pipeline> {
      const { pipeline, notification } = await db.transaction(async (tx) => {
        const txRepo = createPipelinesRepository(tx);
        await txRepo.lockCompany(auth.clientId);
        const { total, last } = await txRepo.countAndLastPosition(auth.clientId);
        if (total >= PIPELINE_LIMITS.pipelines) throw new AppError(406, 'info.tooManyPipelines');
        const row = await txRepo.insert(auth.clientId, input.name, last + 1);
        await txRepo.insertStages(
          auth.clientId,
          row.id,
          input.stages.map((stage, position) => ({
            name: stage.name,
            color: stage.color ?? '#f44336',
            position,
          })),
        );
        const created = toPipeline(row, await txRepo.stagesOf(auth.clientId, row.id));
        await writeAuditLog(tx, auth, [
          {
            action: 'create',
            module: MODULE,
            recordId: row.id,
            changes: auditChanges(null, auditedPipeline(created)),
          },
        ]);
        return { pipeline: created, notification: await announce(tx, auth, 'create', created) };
      });
      publish(auth.clientId, notification);
      return pipeline;
    },

    /** A name and/or the whole stage list; a reorder only is announced as `updateAlt`. */
    async update(auth: AuthContext, id: string, input: PipelineUpdate): Promise<Pipeline> {
      const { pipeline, notification } = await db.transaction(async (tx) => {
        const txRepo = createPipelinesRepository(tx);
        const { row, stages } = await load(txRepo, auth, id, true);
        const before = toPipeline(row, stages);
        if (input.name !== undefined && input.name !== row.name) {
          await txRepo.rename(auth.clientId, id, input.name);
        }
        if (input.stages) await replaceStages(txRepo, auth, id, stages, input.stages);
        const current = await load(txRepo, auth, id);
        const after = toPipeline(current.row, current.stages);
        const changes = auditChanges(auditedPipeline(before), auditedPipeline(after));
        if (Object.keys(changes).length > 0) {
          await writeAuditLog(tx, auth, [{ action: 'update', module: MODULE, recordId: id, changes }]);
        }
        if (JSON.stringify(before) === JSON.stringify(after)) return { pipeline: after, notification: null };
        const action = isReorder(before, after) ? 'updateAlt' : 'update';
        return { pipeline: after, notification: await announce(tx, auth, action, after) };
      });
      publish(auth.clientId, notification);
      return pipeline;
    },

    /** Refused (406) while the pipeline holds deals. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const notification = await db.transaction(async (tx) => {
        const txRepo = createPipelinesRepository(tx);
        const { row, stages } = await load(txRepo, auth, id, true);
        const held = await txRepo.dealCount(auth.clientId, id);
        if (held > 0) throw new AppError(406, 'info.pipelineHoldsDeals', undefined, { count: String(held) });
        const pipeline = toPipeline(row, stages);
        await refusedWhileInUse(() => txRepo.delete(auth.clientId, id));
        await writeAuditLog(tx, auth, [
          {
            action: 'delete',
            module: MODULE,
            recordId: id,
            changes: auditChanges(auditedPipeline(pipeline), null),
          },
        ]);
        return announce(tx, auth, 'delete', pipeline);
      });
      publish(auth.clientId, notification);
    },
  };
};

export type PipelinesService = ReturnType<typeof createPipelinesService>;
