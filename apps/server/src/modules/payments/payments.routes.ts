import { paymentTotalsSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../core/db/database';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { localeParams } from '../../core/http/route-schemas';
import { registerRecordRoutes } from '../../core/records/record-routes';
import type { PaymentsService } from './payments.service';

/** The record kit's payment routes and the totals of a period (the payments page's strip). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService; db: Database }> = async (
  app,
  { service, db },
) => {
  registerRecordRoutes(app, { service: service.records, db });

  app.post(
    '/payment/totals',
    {
      schema: {
        tags: ['payments'],
        summary: 'How many payments the filters find and their sum per currency: { count, totals }',
        description:
          'The filters and logical of payment/search. Answers data [{ count, totals: [{ currency, amount }] }].',
        params: localeParams,
        body: paymentTotalsSchema,
      },
      config: { permission: 'payment.view' },
    },
    async (request) => ok(request.locale, [await service.totals(requireAuth(request), request.body)]),
  );
};
