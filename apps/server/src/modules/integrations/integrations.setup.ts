import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { BotRegistry } from '../../integrations/bot-adapter';
import type { WebhookSender } from '../../integrations/crmx2/webhook-sender';
import type { YeastarClient } from '../../integrations/yeastar/yeastar.client';
import type { SchedulingKinds } from '../agenda/scheduling.kind';
import type { ZohoSyncControls } from '../zoho-sync/zoho-sync.kind';
import { createIntegrationKinds } from './integration-kinds';
import { createIntegrationsService } from './integrations.service';

/** Integrations put together: the service over the providers' adapters, one kind per type. */
export const setUpIntegrations = (deps: {
  db: Database;
  events: EventBus;
  box: SecretBox;
  bots: BotRegistry;
  webhooks: WebhookSender;
  yeastar: YeastarClient;
  zoho: ZohoSyncControls;
  scheduling: SchedulingKinds;
}) => createIntegrationsService({ ...deps, kinds: createIntegrationKinds(deps) });
