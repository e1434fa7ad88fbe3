import { crmzohoConfigSchema } from '@conversa/domain';
import type { CallOutcome, IntegrationKind } from '../integrations/integration-kinds';
import type { IntegrationConfig } from '../integrations/integrations.mapper';

/** What the integrations framework asks of the Zoho sync (its Test and Sync now). */
export type ZohoSyncControls = {
  test: (clientId: string, config: IntegrationConfig) => Promise<CallOutcome>;
  start: (clientId: string, integrationId: string) => Promise<boolean>;
};

/** Zoho CRM in the integrations framework: no devices, its Test a token and a read, its sync a job. */
export const crmzohoKind = (sync: ZohoSyncControls): IntegrationKind => ({
  configSchema: crmzohoConfigSchema,
  hasDevices: false,
  hasHandoffUser: false,
  completeConfig: (config) => config,
  shownOnCreate: [],
  test: (config, { clientId }) => sync.test(clientId, config),
  startSync: ({ clientId, integrationId }) => sync.start(clientId, integrationId),
});
