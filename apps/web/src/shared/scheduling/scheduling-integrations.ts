import {
  type Integration,
  SCHEDULING_INTEGRATION_TYPES,
  type SchedulingIntegrationType,
  type StandardConfig,
} from '@conversa/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';

/** A company has a handful of scheduling systems: one page holds them. */
const LIST_SIZE = 100;

export const schedulingIntegrationsKey = ['scheduling-integrations'] as const;

export type SchedulingIntegration = Integration & { type: SchedulingIntegrationType };

const isScheduling = (integration: Integration): integration is SchedulingIntegration =>
  (SCHEDULING_INTEGRATION_TYPES as readonly string[]).includes(integration.type);

/**
 * The company's scheduling integrations (Dentalink, Medilink, Dentalsoft, Calendly, Standard), oldest
 * first, for the agenda's and the confirmations' pickers. Reading integrations needs setting.view: without
 * it the answer is null, and the screens work without names and Standard settings.
 */
export const useSchedulingIntegrations = () =>
  useQuery({
    queryKey: schedulingIntegrationsKey,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<SchedulingIntegration[] | null> => {
      try {
        const envelope = await api.request<Integration>('integration/search', {
          method: 'POST',
          body: {
            page: 1,
            offset: LIST_SIZE,
            filters: [{ key: 'type', condition: 'in', value: [...SCHEDULING_INTEGRATION_TYPES] }],
            logical: 'and',
            sort: { key: 'create_date', order: 'asc' },
          },
          errors: 'caller',
          signal,
        });
        return envelope.data.filter(isScheduling);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
  });

/** A Standard agenda's own professionals, branches and slot length, read leniently from its config. */
export const standardConfigOf = (integration: Integration | undefined): StandardConfig | undefined => {
  if (integration?.type !== 'standard') return undefined;
  const config = integration.config as Partial<StandardConfig>;
  return {
    professionals: Array.isArray(config.professionals) ? config.professionals : [],
    branches: Array.isArray(config.branches) ? config.branches : [],
    slot_minutes: typeof config.slot_minutes === 'number' ? config.slot_minutes : 30,
    auto_confirmation: config.auto_confirmation,
  };
};
