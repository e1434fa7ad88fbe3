import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { localeParams } from '../../core/http/route-schemas';
import type { PushService } from './push.service';

const tags = ['push'];

/**
 * The signed-in user's browsers for Web Push. Personal: the master acting as the owner must not have the
 * owner's alerts pushed to the master's browser.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ service: PushService }> = async (app, { service }) => {
  app.get(
    '/push/key',
    {
      schema: {
        tags,
        summary:
          "The VAPID public key a browser subscribes with (`data[0].public_key`); null when the server's " +
          'Web Push is not configured (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY), and then alerts reach an ' +
          'open app only',
        params: localeParams,
      },
    },
    async (request) => ok(request.locale, [{ public_key: service.publicKey() }]),
  );

  app.post(
    '/push/subscribe',
    {
      schema: {
        tags,
        summary:
          "Register this browser's push subscription (PushSubscription.toJSON()) for the caller's alerts " +
          '(the families of their `notifications`); 406 when Web Push is not configured',
        params: localeParams,
        body: pushSubscriptionSchema,
      },
      config: { isPersonal: true },
    },
    async (request) => {
      await service.subscribe(requireAuth(request), request.body);
      return ok(request.locale, [], { info: 'info.pushSubscribed' });
    },
  );

  app.post(
    '/push/unsubscribe',
    {
      schema: {
        tags,
        summary: "Stop pushing the caller's alerts to this browser (its subscription's endpoint)",
        params: localeParams,
        body: pushUnsubscribeSchema,
      },
      config: { isPersonal: true },
    },
    async (request) => {
      await service.unsubscribe(requireAuth(request), request.body.endpoint);
      return ok(request.locale, [], { info: 'info.pushUnsubscribed' });
    },
  );
};
