import { CREATABLE_INTEGRATION_TYPES, type Integration } from '@conversa/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { applyIntegrationChange } from './integrations-api';

const ACTIONS = ['create', 'update', 'delete'] as const;
type Action = (typeof ACTIONS)[number];

const isAction = (value: string): value is Action => (ACTIONS as readonly string[]).includes(value);

/** The types this screen lists (the bots and the webhooks); the others are not shown yet. */
const LISTED_TYPES: readonly string[] = CREATABLE_INTEGRATION_TYPES;

const isIntegrationChange = (value: unknown): value is Pick<Integration, 'id'> & Partial<Integration> =>
  typeof value === 'object' && value !== null && 'id' in value;

/**
 * An `integration` notification (a colleague's change, or a bot that fell into error while answering)
 * applied to the list in place; integrations of the types this screen does not list are left out.
 */
export const applyIntegrationNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module !== 'integration' || !isAction(notification.action)) return;
  for (const item of notification.data) {
    if (!isIntegrationChange(item)) continue;
    if (item.type !== undefined && !LISTED_TYPES.includes(item.type)) continue;
    applyIntegrationChange(queryClient, notification.action, item);
  }
};

/** Keeps the integrations list live; after a dropped connection the settings page reads it again. */
export const useIntegrationsLive = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyIntegrationNotification(queryClient, notification),
  );
};
