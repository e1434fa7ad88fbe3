import { searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { TemplatesService } from './templates.service';

const tags = ['templates'];

export const templatesRoutes: FastifyPluginAsyncZod<{ service: TemplatesService }> = async (
  app,
  { service },
) => {
  app.post(
    '/template/search',
    {
      schema: {
        tags,
        summary: "Search the company's synchronised message templates",
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'template.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/template/search/:id',
    { schema: { tags, summary: 'One template', params: idParams }, config: { permission: 'template.view' } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.get(
    '/template/synchronize',
    {
      schema: {
        tags,
        summary: 'Copy the templates of every connected WhatsApp (official) device from the provider',
        params: localeParams,
      },
      config: { permission: 'template.view' },
    },
    async (request) => {
      const data = await service.synchronize(requireAuth(request));
      return ok(request.locale, data, { info: 'info.templatesSynchronized' });
    },
  );
};
