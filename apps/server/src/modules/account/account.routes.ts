import { LOCALES } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import type { AccountService } from './account.service';

const bundleParams = z.object({
  clientId: z.string().max(64),
  userId: z.string().max(64),
  locale: z.enum(LOCALES),
});

/** Registered under /api/v1 directly: this one route carries the locale last (API.md). */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  app.get(
    '/:clientId/:userId/account/search/:locale',
    {
      schema: {
        tags: ['account'],
        summary: 'The initial account bundle after sign-in',
        params: bundleParams,
      },
    },
    async (request) => {
      const { clientId, userId, locale } = request.params;
      const account = await service.bundle(requireAuth(request), clientId, userId, locale);
      return ok(request.locale, [{ account }]);
    },
  );
};
