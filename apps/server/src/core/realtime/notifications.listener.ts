import type { Server } from 'socket.io';
import { ANNOUNCED_EVENTS, type EventBus } from '../events';
import { clientRoom, userRoom } from './realtime';
import type { StoredNotification } from './realtime-events.repository';

/** The `notification` event the web listens to; `ref` is the id of the record concerned. */
export type Notification = { module: string; action: string; data: unknown[]; msg: string; ref: string };

/** Turns domain events into notifications for the tenant's room only, never another tenant's. */
export const registerNotificationListener = (events: EventBus, io: Server) => {
  const notify = (clientId: string, notification: Notification) => {
    io.to(clientRoom(clientId)).emit('notification', notification);
  };
  /** An outbox notification goes to the tenant's room (and to a target user's room, deduplicated by Socket.IO). */
  const publish = ({ clientId, targetUserId, notification }: StoredNotification) => {
    const rooms = targetUserId ? [clientRoom(clientId), userRoom(targetUserId)] : [clientRoom(clientId)];
    io.to(rooms).emit('notification', notification);
  };
  for (const name of ANNOUNCED_EVENTS) {
    events.on(name, ({ notifications }) => {
      for (const stored of notifications) publish(stored);
    });
  }
  events.on('user.created', ({ clientId, user }) =>
    notify(clientId, { module: 'user', action: 'create', data: [user], msg: '', ref: user.id }),
  );
  events.on('user.updated', ({ clientId, user }) =>
    notify(clientId, { module: 'user', action: 'update', data: [user], msg: '', ref: user.id }),
  );
  events.on('client.updated', ({ clientId, client }) =>
    notify(clientId, { module: 'client', action: 'update', data: [client], msg: '', ref: client.id }),
  );
};
