import { modulesVisibleTo, notificationFor } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { requireAuth } from '../http/auth.hook';
import { ok } from '../http/envelope';
import { localeParams } from '../http/route-schemas';
import { createRealtimeEventsRepository } from './realtime-events.repository';

/** A catch-up answers at most this many events; the client asks again from the last seq it got. */
export const CATCH_UP_LIMIT = 500;

/**
 * `GET events?since={seq}`: the tenant's notifications after seq, oldest first. Socket delivery is at most
 * once, so after a reconnect the web asks here for what it missed; `pagination.total` counts every event
 * after seq, so total > data.length means there is more. Each event is shown as the caller's live socket
 * would have received it (the domain's audience rule); the ones it would not have received are left out.
 */
export const realtimeEventsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const repo = createRealtimeEventsRepository(db);
  app.get(
    '/events',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Notifications missed since a seq (catch-up after a reconnect)',
        params: localeParams,
        querystring: z.object({ since: z.coerce.number().int().min(0).default(0) }),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const receiver = { ...auth, modules: modulesVisibleTo(auth) };
      const { rows, total } = await repo.listSince(
        auth.clientId,
        request.query.since,
        CATCH_UP_LIMIT,
        receiver,
      );
      const data = rows.flatMap((row) => {
        const event = {
          seq: row.seq,
          module: row.module,
          action: row.action,
          data: row.data as unknown[],
          msg: row.msg,
          ref: row.ref,
          create_date: row.create_date.toISOString(),
        };
        const shown = notificationFor(auth, event, row.target_user_id);
        return shown ? [shown] : [];
      });
      return ok(request.locale, data, { pagination: { total, page: 1, offset: CATCH_UP_LIMIT } });
    },
  );
};
