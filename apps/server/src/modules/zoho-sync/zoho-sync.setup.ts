import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { IntegrationsService } from '../integrations/integrations.service';
import { registerZohoSyncListener } from './zoho-sync.listener';
import type { ZohoSync } from './zoho-sync.service';

/** The Zoho sync's jobs and its listener on contact and lead changes, once the integrations service exists. */
export const setUpZohoSync = (deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  sync: ZohoSync;
  integrations: IntegrationsService;
}) => {
  deps.sync.define(deps.integrations);
  registerZohoSyncListener(deps);
};
