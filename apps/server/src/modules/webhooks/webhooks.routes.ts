import { webhookDeliverySearchSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams } from '../../core/http/route-schemas';
import type { WebhooksService } from './webhooks.service';

const tags = ['webhooks'];

/** The delivery log of the crmx2 webhooks (issue #17): setting.view reads, setting.edit replays. */
export const webhooksLogRoutes: FastifyPluginAsyncZod<{ service: WebhooksService }> = async (
  app,
  { service },
) => {
  app.post(
    '/webhook/deliveries/:id',
    {
      schema: {
        tags,
        summary:
          "One webhook integration's deliveries, newest first (filter keys status, event, create_date); 404 " +
          "for an integration not the company's",
        params: idParams,
        body: webhookDeliverySearchSchema,
      },
      config: { permission: 'setting.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/webhook/replay/:id',
    {
      schema: {
        tags,
        summary:
          'Send a delivery again now, the same payload and signature: pending again with a new retry ' +
          'schedule; answers the delivery (409 while one of its attempts is under way)',
        params: idParams,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.replay(requireAuth(request), request.params.id)], {
        info: 'info.webhookReplayed',
      }),
  );
};
