import { planCreateSchema, planUpdateSchema, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { PlansService } from './plans.service';

const tags = ['plans'];
const master = { masterOnly: true, permission: 'plan.view' } as const;

export const plansRoutes: FastifyPluginAsyncZod<{ service: PlansService }> = async (app, { service }) => {
  app.post(
    '/plan/search',
    {
      schema: {
        tags,
        summary: 'Search plans: the master sees every plan, a company (billing.view) the public ones',
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
    '/plan/search/:id',
    {
      schema: { tags, summary: 'One plan (a company: a public one only)', params: idParams },
    },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/plan/create',
    {
      schema: {
        tags,
        summary: 'Create a plan (master); 409 for a code in use, 400 without any permission in access',
        params: localeParams,
        body: planCreateSchema,
      },
      config: master,
    },
    async (request) =>
      ok(request.locale, [await service.create(requireAuth(request), request.body)], {
        info: 'info.planCreated',
      }),
  );

  app.put(
    '/plan/updateone/:id',
    {
      schema: {
        tags,
        summary:
          'Change a plan (master); 406 naming the quota when a quantity goes below what a company on it uses',
        params: idParams,
        body: planUpdateSchema,
      },
      config: master,
    },
    async (request) =>
      ok(request.locale, [await service.update(requireAuth(request), request.params.id, request.body)], {
        info: 'info.planUpdated',
      }),
  );

  app.delete(
    '/plan/deleteone/:id',
    {
      schema: { tags, summary: 'Delete a plan (master); 406 while a company is on it', params: idParams },
      config: master,
    },
    async (request) => {
      await service.delete(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.planDeleted' });
    },
  );
};
