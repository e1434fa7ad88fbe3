import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { requestMeta } from './auth.routes';
import type { ImpersonationService } from './impersonation.service';

const tags = ['clients'];

export const impersonationRoutes: FastifyPluginAsyncZod<{ service: ImpersonationService }> = async (
  app,
  { service },
) => {
  // The router prefers this static path over `impersonate/:id`, so `end` is never taken for a company id.
  app.post(
    '/client/impersonate/end',
    {
      schema: {
        tags,
        summary:
          'End the impersonation session this token is (the web then returns to the master session it kept)',
        params: localeParams,
      },
    },
    async (request) => {
      await service.end(requireAuth(request));
      return ok(request.locale, [], { info: 'info.impersonationEnded' });
    },
  );

  app.post(
    '/client/impersonate/:id',
    {
      schema: {
        tags,
        summary:
          "Act as the company's owner (master): answers a session token like login; audited in both companies' logs",
        params: idParams,
      },
      config: { masterOnly: true, permission: 'client.view' },
    },
    async (request) => {
      const data = await service.start(requireAuth(request), request.params.id, requestMeta(request));
      return ok(request.locale, [data], { info: 'info.impersonationStarted' });
    },
  );
};
