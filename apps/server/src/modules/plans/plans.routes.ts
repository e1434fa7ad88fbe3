import { searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { PlansService } from './plans.service';

const tags = ['plans'];

export const plansRoutes: FastifyPluginAsyncZod<{ service: PlansService }> = async (app, { service }) => {
  app.post(
    '/plan/search',
    {
      schema: { tags, summary: 'Search plans (master)', params: localeParams, body: searchBodySchema },
      config: { masterOnly: true, permission: 'plan.view' },
    },
    async (request) => {
      const result = await service.search(request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/plan/search/:id',
    {
      schema: { tags, summary: 'One plan (master)', params: idParams },
      config: { masterOnly: true, permission: 'plan.view' },
    },
    async (request) => ok(request.locale, [await service.findOne(request.params.id)]),
  );
};
