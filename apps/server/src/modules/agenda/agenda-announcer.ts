import { type Appointment, DEFAULT_LOCALE } from '@conversa/domain';
import type { Executor } from '../../core/db/database';
import type { AgendaAppointmentRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { toAppointment } from './agenda.mapper';

export const AGENDA_MODULE = 'agenda';

/** A pull of thousands of appointments is announced in notifications of at most this many. */
const PER_NOTIFICATION = 200;

/**
 * How the agenda tells the company's screens: notifications written in the change's transaction (the
 * outbox) and published after commit, to the agenda's readers.
 */
export const createAgendaAnnouncer = (events: EventBus) => ({
  async record(
    tx: Executor,
    clientId: string,
    action: 'create' | 'update' | 'delete',
    rows: (AgendaAppointmentRow | { id: string })[],
    info: MessageKey,
    locale = DEFAULT_LOCALE,
  ): Promise<StoredNotification[]> {
    const data: (Appointment | { id: string })[] = rows.map((row) =>
      'meet_date' in row ? toAppointment(row) : row,
    );
    const drafts = [];
    for (let start = 0; start < data.length; start += PER_NOTIFICATION) {
      const chunk = data.slice(start, start + PER_NOTIFICATION);
      drafts.push({
        module: AGENDA_MODULE,
        action,
        data: chunk,
        msg: translate(locale, info),
        ref: chunk[0]?.id ?? '',
      });
    }
    return createRealtimeEventsRepository(tx).recordMany(clientId, drafts);
  },

  publish(clientId: string, notifications: StoredNotification[]) {
    if (notifications.length > 0)
      events.emit('record.changed', { clientId, module: AGENDA_MODULE, notifications });
  },
});

export type AgendaAnnouncer = ReturnType<typeof createAgendaAnnouncer>;
