import type { Pipeline } from '@conversa/domain';
import type { PipelineRow, PipelineStageRow } from '../../core/db/schema';

/** A pipeline with its stages in order; a stage's `order` is its position. */
export const toPipeline = (row: PipelineRow, stages: PipelineStageRow[]): Pipeline => ({
  id: row.id,
  name: row.name,
  stages: stages.map((stage) => ({
    id: stage.id,
    name: stage.name,
    color: stage.color,
    order: stage.position,
  })),
  create_date: row.create_date.toISOString(),
});

/** What the audit log keeps of a pipeline: its name and its stages as a person reads them. */
export const auditedPipeline = (pipeline: Pipeline) => ({
  name: pipeline.name,
  stages: pipeline.stages.map((stage) => `${stage.name} ${stage.color}`),
});
