import { searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { UsersAdminService } from './users-admin.service';

const tags = ['users admin'];
const master = { masterOnly: true } as const;

/** The master's users admin (`/app/usersAdmin`); every route answers 403 to client and user accounts. */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ service: UsersAdminService }> = async (
  app,
  { service },
) => {
  app.post(
    '/useradmin/search',
    {
      schema: {
        tags,
        summary:
          'Users of every company with client_name (master); filter keys name, email, client_name, account, active, create_date',
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

  app.post(
    '/useradmin/restore/:id',
    {
      schema: {
        tags,
        summary: 'Mail the user the password reset link that POST restore sends (master)',
        params: idParams,
      },
      config: master,
    },
    async (request) => {
      const user = await service.sendPasswordReset(requireAuth(request), request.params.id);
      return ok(request.locale, [user], { info: 'info.restoreSent' });
    },
  );

  app.post(
    '/useradmin/deactivate/:id',
    {
      schema: {
        tags,
        summary: "Deactivate a user of any company (master): the user's sessions and sockets end at once",
        params: idParams,
      },
      config: master,
    },
    async (request) => {
      const user = await service.setActive(requireAuth(request), request.params.id, false);
      return ok(request.locale, [user], { info: 'info.userDeactivated' });
    },
  );

  app.post(
    '/useradmin/activate/:id',
    {
      schema: { tags, summary: 'Reactivate a user of any company (master)', params: idParams },
      config: master,
    },
    async (request) => {
      const user = await service.setActive(requireAuth(request), request.params.id, true);
      return ok(request.locale, [user], { info: 'info.userReactivated' });
    },
  );
};
