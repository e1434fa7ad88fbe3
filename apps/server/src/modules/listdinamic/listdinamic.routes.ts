import {
  LIST_FIELD_PAIRS,
  listItemCreateSchema,
  listItemSearchSchema,
  listItemUpdateSchema,
} from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { ListDinamicService } from './listdinamic.service';

const tags = ['listdinamic'];

/** Dynamic lists keep part 1's verbs: POST updateone, GET deleteone (API.md). */
export const listDinamicRoutes: FastifyPluginAsyncZod<{ service: ListDinamicService }> = async (
  app,
  { service },
) => {
  app.get(
    '/listdinamic/fields',
    {
      schema: {
        tags,
        summary: 'The {module, field} pairs a company can define items for',
        params: localeParams,
      },
    },
    async (request) => {
      requireAuth(request);
      return ok(request.locale, [...LIST_FIELD_PAIRS]);
    },
  );

  app.post(
    '/listdinamic/search',
    {
      schema: {
        tags,
        summary:
          "Search the company's tags and statuses (keys module, field, name, status; 500 a page; by module, field, position and name)",
        params: localeParams,
        body: listItemSearchSchema,
      },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/listdinamic/search/:id',
    { schema: { tags, summary: 'One tag or status', params: idParams } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/listdinamic/create',
    {
      schema: {
        tags,
        summary:
          'Add a tag or status (setting.edit, or the module’s create or edit permission); the same name twice in a list is 409',
        params: localeParams,
        body: listItemCreateSchema,
      },
    },
    async (request) => {
      const item = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [item], { info: 'info.listItemCreated' });
    },
  );

  app.post(
    '/listdinamic/updateone/:id',
    {
      schema: {
        tags,
        summary: 'Rename, recolour, reorder or deactivate an item',
        params: idParams,
        body: listItemUpdateSchema,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) => {
      const item = await service.update(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, [item], { info: 'info.listItemUpdated' });
    },
  );

  app.get(
    '/listdinamic/deleteone/:id',
    {
      schema: {
        tags,
        summary: 'Delete an item and remove it from the records that carry it',
        params: idParams,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.listItemDeleted' });
    },
  );
};
