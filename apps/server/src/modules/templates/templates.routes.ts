import { searchBodySchema, templateCreateSchema, templateUpdateSchema } from '@conversa/domain';
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

  app.put(
    '/template/updateone/:id',
    {
      schema: {
        tags,
        summary: "Edit a template's content at the provider (name and language stay); it goes back to review",
        description:
          'The body is the whole new content, as template/create without device_id, name and language; ' +
          'category left out is kept. Only an APPROVED, REJECTED or PAUSED template can be edited (else 406), ' +
          "an approved one's category never changes (400), and WhatsApp's own refusals (an approved template " +
          'is edited at most once a day and ten times a month) answer 400. The template answers PENDING.',
        params: idParams,
        body: templateUpdateSchema,
      },
      config: { permission: 'template.edit' },
    },
    async (request) => {
      const template = await service.update(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, [template], { info: 'info.templateUpdated' });
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
