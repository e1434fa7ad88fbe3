import { VIEW_MODULES, viewCreateSchema, viewSearchSchema, viewUpdateSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { settingViewOf } from './view-fields';
import type { ViewsService } from './views.service';

const tags = ['view'];

/** Saved views: anyone signed in keeps their own; the company's (`shared`) need setting.edit. */
export const viewsRoutes: FastifyPluginAsyncZod<{ service: ViewsService }> = async (app, { service }) => {
  app.get(
    '/view/fields/:module',
    {
      schema: {
        tags,
        summary:
          "The module's setting view [{ key, i18n, name, type, conditions, filter, sortable, editable, list? }]: the only keys a view, a filter or an export may name",
        params: localeParams.extend({ module: z.enum(VIEW_MODULES) }),
      },
    },
    async (request) => {
      requireAuth(request);
      return ok(request.locale, settingViewOf(request.params.module, request.locale));
    },
  );

  app.post(
    '/view/search',
    {
      schema: {
        tags,
        summary:
          "The caller's own views and the company's (keys module, name, is_default, owner; '' is the company)",
        params: localeParams,
        body: viewSearchSchema,
      },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/view/search/:id',
    { schema: { tags, summary: 'One view of the caller or of the company', params: idParams } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/view/create',
    {
      schema: {
        tags,
        summary:
          'Save a view; shared: true makes it the whole company’s (setting.edit); is_default unsets the other default of the same module and owner',
        params: localeParams,
        body: viewCreateSchema,
      },
    },
    async (request) => {
      const view = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [view], { info: 'info.viewCreated' });
    },
  );

  app.put(
    '/view/updateone/:id',
    {
      schema: {
        tags,
        summary: 'Change a view (changed fields only)',
        params: idParams,
        body: viewUpdateSchema,
      },
    },
    async (request) => {
      const view = await service.update(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, [view], { info: 'info.viewUpdated' });
    },
  );

  app.delete(
    '/view/deleteone/:id',
    { schema: { tags, summary: 'Delete a view', params: idParams } },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.viewDeleted' });
    },
  );
};
