import { searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { DevicesAdminService } from './devices-admin.service';

const tags = ['deviceadmin'];
const master = { masterOnly: true, permission: 'deviceAdmin.manager' } as const;

export const devicesAdminRoutes: FastifyPluginAsyncZod<{ service: DevicesAdminService }> = async (
  app,
  { service },
) => {
  app.post(
    '/deviceadmin/search',
    {
      schema: {
        tags,
        summary:
          "Every company's devices with the company's name, provider, status and last activity (master)",
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
    '/deviceadmin/disconnect/:id',
    {
      schema: {
        tags,
        summary: "Disconnect any company's device (master); the company's screens hear of it",
        params: idParams,
      },
      config: master,
    },
    async (request) =>
      ok(request.locale, [await service.disconnect(requireAuth(request), request.params.id)], {
        info: 'info.deviceDisconnected',
      }),
  );
};
