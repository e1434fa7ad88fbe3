import type { DealStageChange, Message, WebhookEvent } from '@conversa/domain';
import type { StoredNotification } from '../../core/realtime/realtime-events.repository';

/** One thing that happened, as a delivery's `data` carries it. */
export type WebhookOccurrence = { event: WebhookEvent; data: Record<string, unknown> };

/** The record modules whose changes are webhook events, by the word the events use. */
const RECORD_MODULES = new Set(['contact', 'lead', 'deal', 'task']);
/** Notifications addressed to someone about a record that did not change (a task's reminder). */
const NOT_CHANGES = new Set(['reminder']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const suffixOf = (action: string) =>
  action === 'create' ? 'created' : action.startsWith('delete') ? 'deleted' : 'updated';

/**
 * The webhook events in a record change's notifications: each record of a create, an update (a transfer,
 * a bulk change) or a delete is one occurrence with the record as the notification has it (a bulk over
 * BULK_NOTIFY_CAP and a delete carry only the id). The notifications' own module decides, since one write
 * may announce records of another module (a lead's conversion creates a contact).
 */
export const recordOccurrences = (notifications: StoredNotification[]): WebhookOccurrence[] =>
  notifications.flatMap(({ notification }) => {
    if (!RECORD_MODULES.has(notification.module) || NOT_CHANGES.has(notification.action)) return [];
    const event = `${notification.module}.${suffixOf(notification.action)}` as WebhookEvent;
    return notification.data.filter(isRecord).map((data) => ({ event, data }));
  });

export const stageOccurrence = (change: DealStageChange): WebhookOccurrence => ({
  event: 'deal.stage_changed',
  data: change,
});

/** A customer's message is received; ours (an agent's, a bot's, a diffusion's) is sent. */
export const messageOccurrence = (message: Message): WebhookOccurrence => ({
  event: message.fromMe ? 'message.sent' : 'message.received',
  data: message,
});
