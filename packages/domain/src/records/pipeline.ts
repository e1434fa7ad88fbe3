import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { requiredText } from '../validation';

/** At most this many pipelines a company, each of at most this many stages (API.md part 2). */
export const PIPELINE_LIMITS = { pipelines: 50, stages: 100 } as const;

export type PipelineStage = { id: string; name: string; color: string; order: number };

/** A sales pipeline: the kanban columns of `/app/deals`. The account bundle's `list_pipeline` holds them all. */
export type Pipeline = { id: string; name: string; stages: PipelineStage[]; create_date: string };

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.color' });

/**
 * One stage of `pipeline/create` or `pipeline/updateone`: with an id it keeps (or renames) that stage,
 * without one it adds a stage. The list's order is the stages' order (`order` is answered, not read).
 */
const stageInput = z.strictObject({
  id: z.string().max(64).optional(),
  name: requiredText().max(60),
  color: color.default(DEFAULTS.tagColor),
  order: z.number().int().min(0).max(PIPELINE_LIMITS.stages).optional(),
});

const stageList = z
  .array(stageInput)
  .min(1, { error: 'validation.atLeastOneStage' })
  .max(PIPELINE_LIMITS.stages, { error: 'validation.tooManyStages' })
  .superRefine((stages, ctx) => {
    const names = new Set<string>();
    const ids = new Set<string>();
    stages.forEach((stage, index) => {
      const name = stage.name.toLowerCase();
      if (names.has(name))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'validation.duplicate' });
      names.add(name);
      if (stage.id !== undefined) {
        if (ids.has(stage.id))
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'validation.duplicate' });
        ids.add(stage.id);
      }
    });
  });

export const pipelineCreateSchema = z.strictObject({ name: requiredText().max(60), stages: stageList });
export type PipelineCreateInput = z.input<typeof pipelineCreateSchema>;

/** `PUT pipeline/updateone/{id}`: a stage left out of `stages` is deleted (406 while it holds deals). */
export const pipelineUpdateSchema = pipelineCreateSchema.partial();
export type PipelineUpdateInput = z.input<typeof pipelineUpdateSchema>;
