import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../core/db/database';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams } from '../../core/http/route-schemas';
import { analyticsOf } from './quotas.service';

const tags = ['billing'];

export const quotasRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
};
