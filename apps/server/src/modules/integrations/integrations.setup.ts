import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { BotRegistry } from '../../integrations/bot-adapter';
import { createIntegrationsService } from './integrations.service';

/** Integrations put together: the service over the providers' adapters. */
export const setUpIntegrations = (deps: {
  db: Database;
  events: EventBus;
  box: SecretBox;
  bots: BotRegistry;
}) => createIntegrationsService(deps);
