import { ANNOUNCED_EVENTS, type EventBus } from '../../core/events';
import { createPushService, type PushDeps } from './push.service';

/** Web Push put together: the service behind the profile's routes, its job, and its listener on alerts. */
export const setUpPush = (deps: PushDeps & { events: EventBus }) => {
  const service = createPushService(deps);
  for (const name of ANNOUNCED_EVENTS) {
    deps.events.on(name, async ({ notifications }) => {
      for (const stored of notifications) await service.enqueueAlert(stored);
    });
  }
  // A person's preferences or access changed: their company's browsers are read again at the next message.
  deps.events.on('user.updated', ({ clientId }) => service.forgetSubscribers(clientId));
  return service;
};
