import type { Client, Contact, DealStageChange, Device, Message, Note, User } from '@conversa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredNotification } from './realtime/realtime-events.repository';

/** What every messaging event carries: the notifications its transaction wrote to the outbox. */
type Announced = { clientId: string; notifications: StoredNotification[] };

/** Domain events, named `{entity}.{pastTense}`; each carries the tenant it belongs to. */
export type DomainEvents = {
  'user.created': { clientId: string; user: User };
  'user.updated': { clientId: string; user: User };
  'client.updated': { clientId: string; client: Client };
  'message.created': Announced & { message: Message };
  'message.updated': Announced & { message: Message };
  'contact.updated': Announced & { contacts: Contact[] };
  'contact.deleted': Announced & { contactId: string };
  'contact.transferred': Announced & { contact: Contact; targetUserId: string };
  'note.created': Announced & { note: Note };
  'note.updated': Announced & { note: Note };
  'note.deleted': Announced & { noteId: string };
  'device.created': Announced & { device: Device };
  'device.updated': Announced & { device: Device };
  'device.deleted': Announced & { deviceId: string };
  'session.revoked': { clientId: string; sessionIds: string[] };
  /** Any record-kit module's create, update or delete (core/records); its notifications are in the outbox. */
  'record.changed': Announced & { module: string };
  /** A deal entered a stage or an outcome (created, moved, won, lost), after commit: for automations and webhooks. */
  'deal.stageChanged': { clientId: string; change: DealStageChange };
};

/** The events whose notifications went through the outbox; realtime publishes each after commit. */
export const ANNOUNCED_EVENTS = [
  'message.created',
  'message.updated',
  'contact.updated',
  'contact.deleted',
  'contact.transferred',
  'note.created',
  'note.updated',
  'note.deleted',
  'device.created',
  'device.updated',
  'device.deleted',
  'record.changed',
] as const satisfies readonly EventName[];

export type EventName = keyof DomainEvents;
type Listener<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;

export type EventBus = {
  on: <K extends EventName>(name: K, listener: Listener<K>) => () => void;
  /** Called by services after their transaction committed; listener failures are logged, never thrown back. */
  emit: <K extends EventName>(name: K, payload: DomainEvents[K]) => void;
};

export const createEventBus = (logger: FastifyBaseLogger): EventBus => {
  const listeners = new Map<EventName, Set<Listener<EventName>>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as Listener<EventName>);
      listeners.set(name, set);
      return () => set.delete(listener as Listener<EventName>);
    },
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        Promise.resolve()
          .then(() => listener(payload))
          .catch((error: unknown) => logger.error({ err: error, event: name }, 'event listener failed'));
      }
    },
  };
};
