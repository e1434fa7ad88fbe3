import { clientCreateSchema, clientUpdateSchema, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { ClientsAdminService } from './clients-admin.service';

const tags = ['clients'];
const master = { masterOnly: true, permission: 'client.view' } as const;

/** The master's console of companies (API.md part 2, Clients); every route answers 403 to others. */
export const clientsAdminRoutes: FastifyPluginAsyncZod<{ service: ClientsAdminService }> = async (
  app,
  { service },
) => {
  app.post(
    '/client/search',
    {
      schema: {
        tags,
        summary:
          'Search companies (master): each with status, plan_name and usage { users, devices, messages } of the current period',
        params: localeParams,
        body: searchBodySchema,
      },
      config: master,
    },
    async (request) => {
      const result = await service.search(request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/client/search/:id',
    { schema: { tags, summary: 'One company (master)', params: idParams }, config: master },
    async (request) => ok(request.locale, [await service.findOne(request.params.id)]),
  );

  app.post(
    '/client/create',
    {
      schema: {
        tags,
        summary:
          'Create a company on a plan with its owner (master); without a password the owner is mailed a link to choose one',
        params: localeParams,
        body: clientCreateSchema,
      },
      config: master,
    },
    async (request) => {
      const client = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [client], { info: 'info.clientCreated' });
    },
  );

  app.put(
    '/client/updateone/:id',
    {
      schema: {
        tags,
        summary:
          "Change a company's plan, expiry, access list, number format or time zone (master); another plan starts a new period",
        params: idParams,
        body: clientUpdateSchema,
      },
      config: master,
    },
    async (request) => {
      const client = await service.update(requireAuth(request), request.params.id, request.body ?? {});
      return ok(request.locale, [client], { info: 'info.clientUpdated' });
    },
  );

  app.delete(
    '/client/deleteone/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a company (master): its users are signed out and can no longer sign in, its data and files are removed',
        description:
          "The company's open sessions answer 401 Expired Token; the master's audit log keeps the deletion. " +
          "The platform's own company answers 406.",
        params: idParams,
      },
      config: master,
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.clientDeleted' });
    },
  );

  app.post(
    '/client/block/:id',
    {
      schema: {
        tags,
        summary: 'Block a company (master): its users cannot sign in and their sockets close at once',
        params: idParams,
      },
      config: master,
    },
    async (request) => {
      const client = await service.setStatus(requireAuth(request), request.params.id, 'blocked');
      return ok(request.locale, [client], { info: 'info.clientBlocked' });
    },
  );

  app.post(
    '/client/unblock/:id',
    { schema: { tags, summary: 'Unblock a company (master)', params: idParams }, config: master },
    async (request) => {
      const client = await service.setStatus(requireAuth(request), request.params.id, 'active');
      return ok(request.locale, [client], { info: 'info.clientUnblocked' });
    },
  );
};
