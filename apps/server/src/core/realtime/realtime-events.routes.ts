import { modulesVisibleTo, notificationFor } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import type { RealtimeEventRow } from '../db/schema';
import { requireAuth } from '../http/auth.hook';
import { ok } from '../http/envelope';
import type { AuthContext } from '../http/fastify-types';
import { localeParams } from '../http/route-schemas';
import { createRealtimeEventsRepository } from './realtime-events.repository';

/** A catch-up answers at most this many events; the client asks again from the last seq it got. */
export const CATCH_UP_LIMIT = 500;

/** The bell lists at most this many of a person's latest alerts (those of the events' retention). */
export const ALERTS_LIMIT = 30;

/** A stored event as its live socket delivery carried it, if the caller would have received it. */
const shownTo = (auth: AuthContext, row: RealtimeEventRow) =>
  notificationFor(
    auth,
    {
      seq: row.seq,
      module: row.module,
      action: row.action,
      data: row.data as unknown[],
      msg: row.msg,
      ref: row.ref,
      create_date: row.create_date.toISOString(),
    },
    row.target_user_id,
  );

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
      const data = rows.flatMap((row) => shownTo(auth, row) ?? []);
      return ok(request.locale, data, { pagination: { total, page: 1, offset: CATCH_UP_LIMIT } });
    },
  );

  app.get(
    '/alerts',
    {
      schema: {
        tags: ['realtime'],
        summary: `The caller's latest alerts (a conversation assigned to them), newest first, at most ${ALERTS_LIMIT}`,
        description:
          'The `alert` notifications addressed to the caller that the realtime events still keep (three days), as their socket delivered them: `action` is the family, `msg` the text in their language, `data[0]` the conversation (`contact_id`, `full_name`).',
        params: localeParams,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await repo.listAlerts(auth.clientId, auth.userId, ALERTS_LIMIT);
      return ok(
        request.locale,
        rows.flatMap((row) => shownTo(auth, row) ?? []),
      );
    },
  );
};
