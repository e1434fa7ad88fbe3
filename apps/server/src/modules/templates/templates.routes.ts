import { searchBodySchema, templateCreateSchema } from '@conversa/domain';
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

  app.post(
    '/template/create',
    {
      schema: {
        tags,
        summary: 'Submit a template to the WhatsApp Business account of an official device for review',
        params: localeParams,
        body: templateCreateSchema,
      },
      config: { permission: 'template.create' },
    },
    async (request) => {
      const template = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [template], { info: 'info.templateCreated' });
    },
  );

  app.delete(
    '/template/deleteone/:id',
    {
      schema: { tags, summary: 'Delete a template at the provider and here', params: idParams },
      config: { permission: 'template.delete' },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.templateDeleted' });
    },
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
