import { messageBagGrantSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../core/db/database';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { analyticsOf, grantMessageBag } from './quotas.service';

const tags = ['billing'];

export const quotasRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/client/analitics',
    {
      schema: {
        tags,
        summary:
          "The caller's own company's message balance and quotas, as client/analitics/{id} with its own id",
        params: localeParams,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return ok(request.locale, [await analyticsOf(db, auth, auth.clientId)]);
    },
  );

  app.get(
    '/client/analitics/:id',
    {
      schema: {
        tags,
        summary:
          "A company's message balance (plan and bags: total, used, percent) and every quota with its use; the own company, or any for the master",
        params: idParams,
      },
    },
    async (request) => ok(request.locale, [await analyticsOf(db, requireAuth(request), request.params.id)]),
  );

  app.post(
    '/messagebag/updateone/:id',
    {
      schema: {
        tags,
        summary:
          'Give company {id} a bag of messages (master), spent after the plan like a bought one; answers its balance',
        params: idParams,
        body: messageBagGrantSchema,
      },
      config: { masterOnly: true, permission: 'client.view' },
    },
    async (request) => {
      const balance = await grantMessageBag(
        db,
        requireAuth(request),
        request.params.id,
        request.body.quantity,
      );
      return ok(request.locale, [balance], { info: 'info.messageBagGranted' });
    },
  );
};
