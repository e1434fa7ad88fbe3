import { PAYMENT_PROVIDERS } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../core/http/envelope';
import { isUuid } from '../../core/http/route-schemas';
import type { BillingService } from './billing.service';

/** A provider's notification is a small form or JSON document. */
const BODY_LIMIT = 256 * 1024;

const params = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
const returnQuery = z.object({
  purchase: z.string().max(64).default(''),
  cancelled: z.string().max(8).optional(),
});

/**
 * The payment providers' side, without a session: their notifications at /webhooks/payments/{provider}
 * (Flow posts a form with `token`; PayPal and Rebill JSON) and the payer's way back from their pages at
 * /billing/return/{provider}?purchase= (Flow comes back with a POST), sent on to the Marketplace.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (
  app,
  { service },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/webhooks/payments/:provider',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          "A payment provider's notification: PayPal's is verified with verify-webhook-signature (401 otherwise), " +
          "every one is confirmed by reading the payment back; 404 for a payment that is not ours. Flow's is " +
          'answered at once and read back in a job',
        params,
        body: z.unknown(),
      },
      config: { isPublic: true, providerPayload: true },
      bodyLimit: BODY_LIMIT,
    },
    async (request) => {
      await service.receive(request.params.provider, { headers: request.headers, body: request.body });
      return ok(request.locale, [], { info: 'info.webhookReceived' });
    },
  );

  const comeBack = async (
    provider: (typeof PAYMENT_PROVIDERS)[number],
    purchase: string,
    cancelled?: string,
  ) => {
    if (isUuid(purchase) && cancelled === undefined) await service.returned(provider, purchase);
    const query = isUuid(purchase) ? `?purchase=${purchase}` : '';
    return `/app/billing/plans${query}`;
  };

  const returnSchema = {
    tags: ['webhooks'],
    summary:
      'Where the payer comes back from the provider: the payment is read again in a job, and the browser is ' +
      'sent to /app/billing/plans?purchase={id}, where the realtime `payment` outcome opens its dialog',
    params,
    querystring: returnQuery,
  };
  app.get(
    '/billing/return/:provider',
    { schema: returnSchema, config: { isPublic: true } },
    async (request, reply) =>
      reply.redirect(
        await comeBack(request.params.provider, request.query.purchase, request.query.cancelled),
        303,
      ),
  );
  app.post(
    '/billing/return/:provider',
    {
      schema: { ...returnSchema, body: z.unknown() },
      config: { isPublic: true, providerPayload: true },
      bodyLimit: BODY_LIMIT,
    },
    async (request, reply) =>
      reply.redirect(
        await comeBack(request.params.provider, request.query.purchase, request.query.cancelled),
        303,
      ),
  );
};
