import {
  SCHEDULING_CONFIG_SCHEMAS,
  type SchedulingCatalog,
  type SchedulingIntegrationType,
  standardConfigSchema,
} from '@conversa/domain';
import { companyTimeZone } from '../../core/company-clock';
import type { Database } from '../../core/db/database';
import { SchedulingCallError, type SchedulingRegistry } from '../../integrations/scheduling-adapter';
import { bindScheduling } from '../../integrations/scheduling-binding';
import type { CallOutcome, IntegrationKind, KindContext } from '../integrations/integration-kinds';
import type { IntegrationConfig } from '../integrations/integrations.mapper';
import type { AgendaPull } from './agenda-pull';

/** A failed provider call as the integration shows it; anything else is ours, and thrown. */
const outcomeOf = (error: unknown): CallOutcome => {
  if (!(error instanceof SchedulingCallError)) throw error;
  return { ok: false, error: error.message, ...(error.field ? { field: error.field } : {}) };
};

/** The Standard agenda is the product's own: always connected, its catalog its settings. */
const standardCatalog = (config: IntegrationConfig): SchedulingCatalog => {
  const parsed = standardConfigSchema.parse(config);
  return {
    states: [],
    professionals: parsed.professionals.map(({ id, name }) => ({ id, name })),
    branches: parsed.branches.map(({ id, name }) => ({ id, name })),
  };
};

export type SchedulingKinds = Record<SchedulingIntegrationType, IntegrationKind>;

/**
 * The scheduling systems in the integrations framework (API.md part 3 §1.1): no devices; the credentials
 * checked on save and as the Test (one attempt, no retries); a sync pulls a range into the agenda; the
 * catalog is read from the provider at the time of the call.
 */
export const createSchedulingKinds = (deps: {
  db: Database;
  adapters: SchedulingRegistry;
  pull: AgendaPull;
}): SchedulingKinds => {
  const common = {
    hasDevices: false,
    hasHandoffUser: false,
    completeConfig: (config: IntegrationConfig) => config,
    shownOnCreate: [] as const,
  };

  const outside = (type: Exclude<SchedulingIntegrationType, 'standard'>): IntegrationKind => {
    const context = async ({ clientId, integrationId }: KindContext) => ({
      integrationId,
      timeZone: await companyTimeZone(deps.db, clientId),
    });
    const check = async (config: IntegrationConfig, kindContext: KindContext) => {
      try {
        const bound = bindScheduling(deps.adapters, type, config);
        const checked = (await bound.check(await context(kindContext))) as IntegrationConfig;
        return { config: checked, outcome: { ok: true } as const };
      } catch (error) {
        return { config, outcome: outcomeOf(error) };
      }
    };
    return {
      ...common,
      configSchema: SCHEDULING_CONFIG_SCHEMAS[type],
      check,
      test: async (config, { clientId }) => (await check(config, { clientId, integrationId: '' })).outcome,
      async pull(integration, range) {
        try {
          await deps.pull.pull(integration, range);
          return { ok: true };
        } catch (error) {
          return outcomeOf(error);
        }
      },
      catalog: (config) => bindScheduling(deps.adapters, type, config).catalog(),
    };
  };

  return {
    dentalink: outside('dentalink'),
    medilink: outside('medilink'),
    dentalsoft: outside('dentalsoft'),
    calendly: outside('calendly'),
    standard: {
      ...common,
      configSchema: standardConfigSchema,
      test: async () => ({ ok: true }),
      check: async (config) => ({ config, outcome: { ok: true } }),
      pull: async () => ({ ok: true }),
      catalog: async (config) => standardCatalog(config),
    },
  };
};
