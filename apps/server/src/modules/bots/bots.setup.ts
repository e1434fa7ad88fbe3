import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { BotRegistry } from '../../integrations/bot-adapter';
import type { ContactsService } from '../contacts/contacts.service';
import type { IntegrationsService } from '../integrations/integrations.service';
import type { MessagesService } from '../messages/messages.service';
import { BOT_ANSWER_JOB, createBotEngine } from './bot-engine';
import { registerBotListeners } from './bot-listeners';

/** The answer bots put together: the engine, its job, and its listener on the conversation. */
export const setUpBots = (deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  box: SecretBox;
  bots: BotRegistry;
  messages: MessagesService;
  contacts: ContactsService;
  integrations: IntegrationsService;
}) => {
  const engine = createBotEngine(deps);
  deps.queue.define(BOT_ANSWER_JOB, {
    run: (payload, job) => engine.answer(String(payload.clientId), String(payload.messageId), job),
    // A database hiccup is tried again too; when every attempt failed, a person takes over.
    retryOn: 'any error',
    onExhausted: (payload) => engine.giveUp(String(payload.clientId), String(payload.messageId)),
  });
  registerBotListeners(deps.db, deps.events, deps.queue);
  return engine;
};
