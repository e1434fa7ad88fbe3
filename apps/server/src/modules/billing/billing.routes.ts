import { checkoutInputSchema, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../core/http/envelope';
import type { AuthContext } from '../../core/http/fastify-types';
import { localeParams } from '../../core/http/route-schemas';
import type { BillingService } from './billing.service';

const authOf = (auth: AuthContext | null): AuthContext => {
  if (!auth) throw new Error('route reached without a session');
  return auth;
};

export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  app.post(
    '/billing/checkout',
    {
      schema: {
        tags: ['billing'],
        summary:
          "Buy a public plan or feature (the company's owner, billing.view): answers `{ url, purchase_id }`, " +
          'where to send the payer; PayPal charges USD, Flow CLP, Rebill CLP for a Chilean company; 412 for a ' +
          'provider without credentials',
        params: localeParams,
        body: checkoutInputSchema,
      },
      config: { permission: 'billing.view' },
    },
    async (request) => ok(request.locale, [await service.checkout(authOf(request.auth), request.body)]),
  );

  app.get(
    '/billing/providers',
    {
      schema: {
        tags: ['billing'],
        summary:
          'The payment providers the Marketplace offers (billing.view): `[{ provider }]`, only those the ' +
          'platform has credentials for, none when it has none',
        params: localeParams,
      },
      config: { permission: 'billing.view' },
    },
    async (request) =>
      ok(
        request.locale,
        service.offeredProviders().map((provider) => ({ provider })),
      ),
  );

  app.post(
    '/invoice/search',
    {
      schema: {
        tags: ['billing'],
        summary: "The company's invoices (billing.view); the master sees every company's, with its name",
        params: localeParams,
        body: searchBodySchema,
      },
    },
    async (request) => {
      const result = await service.invoices(authOf(request.auth), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );
};
