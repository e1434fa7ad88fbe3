import { storableProviderValue } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SecretBox } from '../../core/crypto/secret-box';
import { AppError, notFound } from '../../core/http/app-error';
import { ok } from '../../core/http/envelope';
import { isUuid } from '../../core/http/route-schemas';
import { calendlyAppointment } from '../../integrations/calendly/calendly-invitee';
import { readCalendlyDelivery, verifyCalendlySignature } from '../../integrations/calendly/calendly-webhook';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import type { CalendlyDeliveries } from './calendly-deliveries';

/** A Calendly delivery is one invitee: a small JSON document. */
const BODY_LIMIT = 256 * 1024;

const params = z.object({ integrationId: z.string().max(64) });

/**
 * Calendly's webhooks (API.md part 3 §5) at /webhooks/integrations/calendly/{integrationId}: the raw bytes
 * kept for the signature (`Calendly-Webhook-Signature`, HMAC-SHA256 with the subscription's key, at most
 * 180 s old), checked before anything is read; 401 for a bad, stale or missing one, 404 for an unknown id.
 */
export const calendlyWebhookRoutes: FastifyPluginAsyncZod<{
  box: SecretBox;
  deliveries: CalendlyDeliveries;
}> = async (app, { box, deliveries }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/webhooks/integrations/calendly/:integrationId',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          "Calendly's invitee.created and invitee.canceled, signed (401 when the signature is bad, stale or " +
          'missing; 404 for an unknown integration): an appointment created, moved (a reschedule, in either ' +
          'order of its two deliveries) or cancelled; a repeated delivery changes nothing',
        params,
        body: z.unknown(),
      },
      config: { isPublic: true, providerPayload: true },
      bodyLimit: BODY_LIMIT,
    },
    async (request) => {
      const { integrationId } = request.params;
      const integration = isUuid(integrationId) ? await deliveries.integration(integrationId) : undefined;
      if (!integration) throw notFound();
      const config = openIntegrationConfig(box, integration.type, integration.config);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const header = request.headers['calendly-webhook-signature'];
      const signed = verifyCalendlySignature(
        Array.isArray(header) ? header[0] : header,
        raw,
        String(config.signing_key ?? ''),
        Date.now(),
      );
      if (!signed) throw new AppError(401, 'info.invalidToken');
      let body: unknown;
      try {
        // Whatever Calendly sends may end up stored: its texts as PostgreSQL can hold them.
        body = storableProviderValue(JSON.parse(raw.toString('utf8')));
      } catch {
        body = undefined;
      }
      const delivery = readCalendlyDelivery(body);
      if (delivery) await deliveries.apply(integration, delivery, calendlyAppointment(delivery.invitee));
      return ok(request.locale, [], { info: 'info.webhookReceived' });
    },
  );
};
