import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../core/http/envelope';
import type { CallsService } from './calls.service';

/** A PBX sends one call event at a time: small JSON. */
const BODY_LIMIT = 256 * 1024;

/**
 * The Yeastar PBX's webhook (Integrations → API → Webhook on the PBX): the URL pasted there carries the
 * integration's secret as `?secret=`, since the PBX's webhook settings take a URL and nothing else. The
 * answer is 200 as soon as the call is stored; an event the integration does not use is acknowledged too.
 */
export const callsWebhookRoutes: FastifyPluginAsyncZod<{ service: CallsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/webhooks/integrations/yeastar/:integrationId',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'Yeastar P-Series call events (30011 call status changed, 30012 new CDR) for one integration: 401 ' +
          'without its secret (`?secret=`), 404 for no such integration; a CDR becomes a call on the contact ' +
          'with that phone, a repeated one updates the same call',
        params: z.object({ integrationId: z.string().min(1).max(64) }),
        querystring: z.object({ secret: z.string().max(500).default('') }),
        body: z.unknown(),
      },
      config: { isPublic: true, providerPayload: true },
      bodyLimit: BODY_LIMIT,
    },
    async (request) => {
      await service.receive(request.params.integrationId, request.query.secret, request.body);
      return ok(request.locale, [], { info: 'info.webhookReceived' });
    },
  );
};
