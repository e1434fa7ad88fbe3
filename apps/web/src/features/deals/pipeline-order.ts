import type { Pipeline, PipelineStage } from '@conversa/domain';

/** A pipeline's stages in board order (the server answers them ordered; a live change may not). */
export const stagesOf = (pipeline: Pipeline | undefined): PipelineStage[] =>
  [...(pipeline?.stages ?? [])].sort((a, b) => a.order - b.order);

/** The pipeline a stage belongs to, among the company's. */
export const pipelineOfStage = (pipelines: readonly Pipeline[], stageId: string): Pipeline | undefined =>
  pipelines.find((pipeline) => pipeline.stages.some((stage) => stage.id === stageId));
