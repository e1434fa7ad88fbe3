import { pipelineCreateSchema, pipelineUpdateSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { PipelinesService } from './pipelines.service';

const tags = ['pipelines'];

/** Pipelines: read by whoever sees deals, written from Settings (setting.edit). */
export const pipelinesRoutes: FastifyPluginAsyncZod<{ service: PipelinesService }> = async (
  app,
  { service },
) => {
  app.post(
    '/pipeline/search',
    {
      schema: {
        tags,
        summary: "All the company's pipelines, each with its stages in order",
        description: 'A body, if any, is ignored: a company has at most 50 pipelines.',
        params: localeParams,
      },
      config: { permission: 'deal.view' },
    },
    async (request) => ok(request.locale, await service.list(requireAuth(request))),
  );

  app.get(
    '/pipeline/search/:id',
    { schema: { tags, summary: 'One pipeline', params: idParams }, config: { permission: 'deal.view' } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/pipeline/create',
    {
      schema: {
        tags,
        summary: 'Create a pipeline with its stages (at most 50 pipelines a company: 406 beyond)',
        params: localeParams,
        body: pipelineCreateSchema,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) => {
      const pipeline = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [pipeline], { info: 'info.pipelineCreated' });
    },
  );

  app.put(
    '/pipeline/updateone/:id',
    {
      schema: {
        tags,
        summary: 'Rename a pipeline and/or send its whole stage list',
        description:
          'A stage with an id is kept (renamed, recoloured, moved), one without is added, one left out is ' +
          'deleted. Deleting a stage that holds deals answers 406 and changes nothing. An id that is not ' +
          "one of this pipeline's stages answers 400 on stages.{i}.id. A reorder only is announced as updateAlt.",
        params: idParams,
        body: pipelineUpdateSchema,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) => {
      const pipeline = await service.update(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, [pipeline], { info: 'info.pipelineUpdated' });
    },
  );

  app.delete(
    '/pipeline/deleteone/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pipeline (406 while it holds deals)',
        params: idParams,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.pipelineDeleted' });
    },
  );
};
