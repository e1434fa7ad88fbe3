import { dealKanbanSchema, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../core/db/database';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { registerRecordRoutes } from '../../core/records/record-routes';
import type { DealsService } from './deals.service';

/**
 * The record kit's deal routes, the pipeline's kanban in its own shape, the pickers' short list and a
 * deal's stage history.
 */
export const dealsRoutes: FastifyPluginAsyncZod<{ service: DealsService; db: Database }> = async (
  app,
  { service, db },
) => {
  registerRecordRoutes(app, {
    service: service.records,
    db,
    kanban: {
      body: dealKanbanSchema,
      summary:
        "One pipeline's board: data [{stage, count, amount_total, deals (first 50 by position)}] in stage order",
      answer: (auth, body) => service.kanban(auth, body),
    },
  });

  app.post(
    '/deal/list',
    {
      schema: {
        tags: ['deals'],
        summary: 'Deals in short form for pickers (id, numdeal, name, pipeline, stage, amount), by name',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'deal.view' },
    },
    async (request) => {
      const result = await service.list(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/deal/history/:id',
    {
      schema: { tags: ['deals'], summary: "A deal's stage changes, newest first", params: idParams },
      config: { permission: 'deal.view' },
    },
    async (request) => ok(request.locale, await service.history(requireAuth(request), request.params.id)),
  );
};
