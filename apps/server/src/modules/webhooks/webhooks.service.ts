import type { SearchBody, WebhookDelivery } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database';
import { webhookDeliveries } from '../../core/db/schema';
import { AppError, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { buildSearchQuery, NEWEST_FIRST, type SearchWhitelist } from '../../core/http/search-query';
import type { JobQueue } from '../../core/jobs/job-queue';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import type { WebhookDeliverer } from './webhook-delivery';
import { toWebhookDelivery } from './webhooks.mapper';
import { createWebhooksRepository } from './webhooks.repository';

const DELIVERY_KEYS: SearchWhitelist = {
  status: { column: webhookDeliveries.status, type: 'text' },
  event: { column: webhookDeliveries.event, type: 'text' },
  create_date: { column: webhookDeliveries.create_date, type: 'date' },
};

/** The delivery log of a company's webhook integrations and its replay. */
export const createWebhooksService = ({
  db,
  queue,
  deliverer,
}: {
  db: Database;
  queue: JobQueue;
  deliverer: WebhookDeliverer;
}) => {
  const repo = createWebhooksRepository(db);

  return {
    /** One integration's deliveries, newest first; 404 when the integration is not the company's. */
    async search(auth: AuthContext, integrationId: string, body: SearchBody) {
      const integration = await createIntegrationsRepository(db).findById(auth.clientId, integrationId);
      if (!integration) throw notFound();
      const query = buildSearchQuery(body, DELIVERY_KEYS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: webhookDeliveries.id,
      });
      const { rows, total } = await repo.search(auth.clientId, integration.id, query);
      return { data: rows.map(toWebhookDelivery), pagination: query.pagination(total) };
    },

    /**
     * Sends the delivery's payload again now, whatever became of it: pending again, its job started over
     * (a full retry schedule). 409 while an attempt of it is being made.
     */
    async replay(auth: AuthContext, deliveryId: string): Promise<WebhookDelivery> {
      const row = await repo.findById(auth.clientId, deliveryId);
      if (!row) throw notFound();
      const delivery = await deliverer.save(
        auth.clientId,
        row.id,
        { status: 'pending', next_attempt_at: sql`now()` },
        async (tx) => {
          if (!(await deliverer.enqueue(tx, auth.clientId, row.id, true))) {
            throw new AppError(409, 'info.webhookDeliveryInProgress');
          }
        },
      );
      if (!delivery) throw notFound();
      queue.kick();
      return delivery;
    },
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;
