import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { WebhookSender } from '../../integrations/crmx2/webhook-sender';
import type { IntegrationsService } from '../integrations/integrations.service';
import { createWebhookDeliverer, webhookRetrySchedule } from './webhook-delivery';
import { registerWebhookDispatcher } from './webhook-dispatcher';
import { createWebhooksService } from './webhooks.service';

/** The crmx2 webhooks put together: the delivery job, the dispatcher on the domain events, the log. */
export const setUpWebhooks = (deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  box: SecretBox;
  sender: WebhookSender;
  integrations: IntegrationsService;
  retryDelaysMs?: readonly number[];
}) => {
  const deliverer = createWebhookDeliverer({
    ...deps,
    retryDelaysMs: deps.retryDelaysMs ?? webhookRetrySchedule(),
  });
  registerWebhookDispatcher({ ...deps, deliverer });
  return createWebhooksService({ ...deps, deliverer });
};
