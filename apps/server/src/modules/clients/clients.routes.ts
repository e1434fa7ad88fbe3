import { searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { ClientsService } from './clients.service';

const tags = ['clients'];

export const clientsRoutes: FastifyPluginAsyncZod<{ service: ClientsService }> = async (app, { service }) => {
  app.post(
    '/client/search',
    {
      schema: { tags, summary: 'Search companies (master)', params: localeParams, body: searchBodySchema },
      config: { masterOnly: true, permission: 'client.view' },
    },
    async (request) => {
      const result = await service.search(request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/client/search/:id',
    {
      schema: { tags, summary: 'One company (master)', params: idParams },
      config: { masterOnly: true, permission: 'client.view' },
    },
    async (request) => ok(request.locale, [await service.findOne(request.params.id)]),
  );
};
