import { featureCreateSchema, featureUpdateSchema, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { FeaturesService } from './features.service';

const tags = ['features'];
const master = { masterOnly: true, permission: 'feature.view' } as const;

export const featuresRoutes: FastifyPluginAsyncZod<{ service: FeaturesService }> = async (
  app,
  { service },
) => {
  app.post(
    '/feature/search',
    {
      schema: {
        tags,
        summary: 'Search features: the master sees every feature, a company (billing.view) the public ones',
        params: localeParams,
        body: searchBodySchema,
      },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/feature/search/:id',
    {
      schema: { tags, summary: 'One feature (a company: a public one only)', params: idParams },
    },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/feature/create',
    {
      schema: {
        tags,
        summary: 'Create a feature (master); 409 for a code in use',
        params: localeParams,
        body: featureCreateSchema,
      },
      config: master,
    },
    async (request) =>
      ok(request.locale, [await service.create(requireAuth(request), request.body)], {
        info: 'info.featureCreated',
      }),
  );

  app.put(
    '/feature/updateone/:id',
    {
      schema: {
        tags,
        summary: 'Change a feature (master); 409 for a code in use',
        params: idParams,
        body: featureUpdateSchema,
      },
      config: master,
    },
    async (request) =>
      ok(request.locale, [await service.update(requireAuth(request), request.params.id, request.body)], {
        info: 'info.featureUpdated',
      }),
  );

  app.delete(
    '/feature/deleteone/:id',
    {
      schema: {
        tags,
        summary: 'Delete a feature (master); its purchases and invoices stay',
        params: idParams,
      },
      config: master,
    },
    async (request) => {
      await service.delete(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.featureDeleted' });
    },
  );
};
