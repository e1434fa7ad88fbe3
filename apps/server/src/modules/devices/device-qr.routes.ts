import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams } from '../../core/http/route-schemas';
import type { DeviceSessions } from './device-sessions';

/** `GET device/qr/{id}`: an unofficial gateway's session and QR, asked of the gateway now. */
export const deviceQrRoutes: FastifyPluginAsyncZod<{ sessions: Pick<DeviceSessions, 'askNow'> }> = async (
  app,
  { sessions },
) => {
  app.get(
    '/device/qr/:id',
    {
      schema: {
        tags: ['devices'],
        summary:
          "An unofficial gateway's session (qr, connected, disconnected, banned) and, while qr, the QR to scan " +
          'as a data URL, read from the gateway now; a device of another type answers 406',
        params: idParams,
      },
      config: { permission: 'device.edit' },
    },
    async (request) => {
      const reading = await sessions.askNow(requireAuth(request), request.params.id);
      return ok(request.locale, [{ session: reading.session, qr: reading.qr }]);
    },
  );
};
