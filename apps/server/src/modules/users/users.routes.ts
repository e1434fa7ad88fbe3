import { passwordUpdateSchema, searchBodySchema, userCreateSchema, userUpdateSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { UsersService } from './users.service';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.post(
    '/user/search',
    {
      schema: { tags, summary: "Search the company's users", params: localeParams, body: searchBodySchema },
      config: { permission: 'user.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/user/search_all',
    {
      schema: {
        tags,
        summary: 'All matching users without paging (every company for the master)',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'user.view' },
    },
    async (request) => {
      const result = await service.searchAll(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/user/search/:id',
    { schema: { tags, summary: 'One user (always allowed for oneself)', params: idParams } },
    async (request) => {
      const user = await service.findOne(requireAuth(request), request.params.id);
      return ok(request.locale, [user]);
    },
  );

  app.post(
    '/user/create',
    {
      schema: { tags, summary: 'Create a staff user', params: localeParams, body: userCreateSchema },
      config: { permission: 'user.create' },
    },
    async (request) => {
      const user = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [user], { info: 'info.userCreated' });
    },
  );

  app.post(
    '/user/updateone/:id',
    {
      schema: {
        tags,
        summary:
          'Update a user (own preferences always; others need user.edit; active: false deactivates and ends their sessions)',
        params: idParams,
        body: userUpdateSchema,
      },
    },
    async (request) => {
      const user = await service.update(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, [user], { info: 'info.userUpdated' });
    },
  );

  app.post(
    '/user/updatepassword/:id',
    {
      schema: {
        tags,
        summary:
          "Change a password: one's own needs current_password (400 on it when wrong); another user's needs user.edit",
        params: idParams,
        body: passwordUpdateSchema,
      },
      // A colleague's password too: one the master set would let them sign in as that person later,
      // outside the audited impersonation.
      config: { isPersonal: true },
    },
    async (request) => {
      await service.updatePassword(requireAuth(request), request.params.id, request.body, request.ip);
      return ok(request.locale, [], { info: 'info.passwordUpdated' });
    },
  );

  app.post(
    '/user/list',
    {
      schema: {
        tags,
        summary: 'Users for pickers: id, name and online; with user.view also email, account and answer',
        params: localeParams,
        body: searchBodySchema,
      },
    },
    async (request) => {
      const result = await service.list(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );
};
