import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import { createApiKeyResolver } from './api-key-resolver';
import { createApiKeysService } from './api-keys.service';

/** API keys put together: the service behind Settings and the resolver the auth hook asks for a key. */
export const setUpApiKeys = (deps: {
  db: Database;
  events: EventBus;
  onTouchFailed?: (error: unknown) => void;
}) => ({
  service: createApiKeysService(deps),
  resolver: createApiKeyResolver(deps.db, deps.onTouchFailed),
});
