import { notificationTiers, permissionSetOf, viewNotificationData } from '@conversa/domain';
import type { Server } from 'socket.io';
import { ANNOUNCED_EVENTS, type EventBus } from '../events';
import { clientRoom, permissionRoom, userRoom } from './realtime';

/** The `notification` event the web listens to; `ref` is the id of the record concerned. */
export type Notification = { module: string; action: string; data: unknown[]; msg: string; ref: string };

/**
 * Turns domain events into notifications for the tenant's rooms only, never another tenant's, and within
 * the tenant only for those the domain's audience rule lets see them (notification-audience.ts).
 */
export const registerNotificationListener = (events: EventBus, io: Server) => {
  /**
   * Each tier of the module's audience gets its own view, in the rooms of its grants minus the rooms of the
   * richer tiers before it: one emit per tier, whatever the number of sockets or server nodes.
   * `subjectUserId` is the user the notification is about or addressed to.
   */
  const publish = (clientId: string, subjectUserId: string | null, notification: Notification) => {
    const richer: string[] = [];
    for (const tier of notificationTiers(notification.module)) {
      const rooms = tier.grants.flatMap((grant) => {
        if (grant === 'everyone') return [clientRoom(clientId)];
        if (grant === 'subject') return subjectUserId ? [userRoom(subjectUserId)] : [];
        return [permissionRoom(clientId, permissionSetOf(grant))];
      });
      if (rooms.length === 0) continue;
      const data = viewNotificationData(tier, notification.data);
      io.to(rooms)
        .except(richer)
        .emit('notification', { ...notification, data });
      richer.push(...rooms);
    }
  };
  for (const name of ANNOUNCED_EVENTS) {
    events.on(name, ({ notifications }) => {
      for (const { clientId, targetUserId, notification } of notifications) {
        publish(clientId, targetUserId, notification);
      }
    });
  }
  events.on('user.created', ({ clientId, user }) =>
    publish(clientId, user.id, { module: 'user', action: 'create', data: [user], msg: '', ref: user.id }),
  );
  events.on('user.updated', ({ clientId, user }) =>
    publish(clientId, user.id, { module: 'user', action: 'update', data: [user], msg: '', ref: user.id }),
  );
  events.on('client.updated', ({ clientId, client }) =>
    publish(clientId, null, { module: 'client', action: 'update', data: [client], msg: '', ref: client.id }),
  );
};
