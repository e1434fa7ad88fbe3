import { conversationsIn } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../core/db/database';
import { contacts, integrationDevices } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import { BOT_ANSWER_JOB, BOT_MAX_ATTEMPTS, botJobKey } from './bot-engine';

/**
 * A customer's message, once committed, in a conversation the bot holds on a device with a bot: one job
 * per message (its key makes a repeated event one job), so the answer survives a restart.
 */
export const registerBotListeners = (db: Database, events: EventBus, queue: JobQueue) => {
  events.on('message.created', async ({ clientId, message, notifications }) => {
    // A reaction is not something said to the bot: it answers what customers write.
    if (message.fromMe || !message.device_id || message.type === 'reaction') return;
    // The inbound message's notification carries its conversation: with the bot off (most conversations)
    // nothing is read, so the ingest path pays no query for bots.
    const conversation = notifications
      .flatMap(({ notification }) => conversationsIn(notification))
      .find((contact) => contact.id === message.contact_id);
    if (conversation?.answerbot === false) return;
    const held = await db
      .select({ id: contacts.id })
      .from(contacts)
      .innerJoin(
        integrationDevices,
        and(
          eq(integrationDevices.client_id, contacts.client_id),
          eq(integrationDevices.device_id, message.device_id),
        ),
      )
      .where(
        and(
          eq(contacts.client_id, clientId),
          eq(contacts.id, message.contact_id),
          eq(contacts.answerbot, true),
        ),
      );
    if (held.length === 0) return;
    await queue.enqueue(db, {
      name: BOT_ANSWER_JOB,
      key: botJobKey(message.id),
      payload: { clientId, messageId: message.id },
      maxAttempts: BOT_MAX_ATTEMPTS,
    });
    queue.kick();
  });
};
