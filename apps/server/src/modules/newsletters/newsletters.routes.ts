import { newsletterCreateSchema, newsletterSearchSchema, newsletterUpdateSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { NewslettersService } from './newsletters.service';

const tags = ['newsletters'];

/** Release news and pop-ups: every signed-in user reads, only the master writes. */
export const newslettersRoutes: FastifyPluginAsyncZod<{ service: NewslettersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/newsletters',
    {
      schema: {
        tags,
        summary: 'What shows now for the caller',
        description:
          'data[0].popover_newsletter: the release news, newest release first (20); data[0].modal_newsletter: ' +
          'the pop-ups whose show_login_date has passed and that this user has not seen yet.',
        params: localeParams,
      },
    },
    async (request) => ok(request.locale, [await service.showNow(requireAuth(request))]),
  );

  app.post(
    '/newsletters/seen/:id',
    {
      schema: {
        tags,
        summary: 'The caller saw this pop-up: it does not show to them again',
        params: idParams,
      },
      // The master acting as the owner seeing a pop-up is not the owner seeing it.
      config: { isPersonal: true },
    },
    async (request) => {
      await service.markSeen(requireAuth(request), request.params.id);
      return ok(request.locale, []);
    },
  );

  app.post(
    '/newsletters/search',
    {
      schema: {
        tags,
        summary: 'Search newsletters (title contains…), newest release first, 20 a page',
        params: localeParams,
        body: newsletterSearchSchema,
      },
    },
    async (request) => {
      const result = await service.search(request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/newsletters/search/:id',
    { schema: { tags, summary: 'One newsletter', params: idParams } },
    async (request) => ok(request.locale, [await service.findOne(request.params.id)]),
  );

  app.post(
    '/newsletters/create',
    {
      schema: {
        tags,
        summary: 'Create a newsletter (master)',
        params: localeParams,
        body: newsletterCreateSchema,
      },
      config: { masterOnly: true },
    },
    async (request) => {
      const newsletter = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [newsletter], { info: 'info.newsletterCreated' });
    },
  );

  app.put(
    '/newsletters/updateone/:id',
    {
      schema: {
        tags,
        summary: 'Change a newsletter (master)',
        params: idParams,
        body: newsletterUpdateSchema,
      },
      config: { masterOnly: true },
    },
    async (request) => {
      const newsletter = await service.update(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, [newsletter], { info: 'info.newsletterUpdated' });
    },
  );

  app.delete(
    '/newsletters/deleteone/:id',
    {
      schema: { tags, summary: 'Delete a newsletter (master)', params: idParams },
      config: { masterOnly: true },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.newsletterDeleted' });
    },
  );
};
