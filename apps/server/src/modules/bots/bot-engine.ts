import {
  type BotIntegrationType,
  DEFAULT_LOCALE,
  DEFAULTS,
  isBotIntegrationType,
  isLocale,
  isTimeZone,
  type Locale,
} from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import { type ContactRow, type DeviceRow, type IntegrationRow, users } from '../../core/db/schema';
import { AppError } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { translate } from '../../core/i18n/i18n';
import { type JobContext, RetryLater } from '../../core/jobs/job-queue';
import { BotCallError, type BotRegistry } from '../../integrations/bot-adapter';
import { type BoundBot, bindBot } from '../../integrations/bot-registry';
import { createClientsRepository } from '../clients/clients.repository';
import { recordAssignmentAlert } from '../contacts/contacts.alerts';
import { createContactsRepository } from '../contacts/contacts.repository';
import type { ContactsService } from '../contacts/contacts.service';
import { createDevicesRepository } from '../devices/devices.repository';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import type { IntegrationsService } from '../integrations/integrations.service';
import { createMessagesRepository } from '../messages/messages.repository';
import type { MessagesService } from '../messages/messages.service';
import { recordAssignment } from '../metrics/metric-events';
import { hasRoom } from '../quotas/quotas.service';
import { createBotsRepository } from './bots.repository';

export const BOT_ANSWER_JOB = 'bot.answer';
export const botJobKey = (messageId: string) => `${BOT_ANSWER_JOB}:${messageId}`;
/** A provider call that failed is tried this many times in all before the conversation goes to a person. */
export const BOT_MAX_ATTEMPTS = 3;
/** Short waits: a customer is waiting for the answer. A provider's Retry-After wins when it gives one. */
const RETRY_DELAYS_MS = [1000, 3000];

/** The temp ids of the bot's messages answering one inbound message: the job finds them if it runs twice. */
const replyTempId = (messageId: string) => `bot:${messageId}`;
const handoffTempId = (messageId: string) => `bot-handoff:${messageId}`;

/** The bot acting in the company: no user, no permissions; the audit log shows no user name. */
const botActor = (clientId: string, locale: Locale): AuthContext => ({
  userId: '',
  clientId,
  account: 'user',
  userAccess: [],
  clientAccess: [],
  market: false,
  sessionId: '',
  locale,
});

type Deps = {
  db: Database;
  box: SecretBox;
  bots: BotRegistry;
  messages: MessagesService;
  contacts: ContactsService;
  integrations: IntegrationsService;
};

type Turn = {
  clientId: string;
  messageId: string;
  contact: ContactRow;
  device: DeviceRow;
  integration: IntegrationRow;
  bot: BoundBot;
  /** The plan quota the bot's answers spend (its provider). */
  botType: BotIntegrationType;
  company: { timezone: string; language: string; locale: Locale };
};

/**
 * The answer bots at work: one durable job per inbound message of a conversation the bot holds. It
 * answers through the bot's provider and the normal send pipeline, or hands the conversation to a person
 * (the bot said so, its daily limit is reached, or the provider failed after the retries): the customer is
 * never left without an answer.
 */
export const createBotEngine = ({ db, box, bots, messages, contacts, integrations }: Deps) => {
  const repo = createBotsRepository(db);

  /** Answers whether it was queued: false when the company has no message (or bot answer) left to spend. */
  const sendAsBot = async (
    turn: Turn,
    body: string,
    tempId: string,
    botQuota?: BotIntegrationType,
  ): Promise<boolean> => {
    const contact = await createContactsRepository(db).findById(turn.clientId, turn.contact.id);
    if (!contact) return true;
    try {
      await messages.queueBotMessage(turn.clientId, { device: turn.device, contact, body, tempId }, botQuota);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 412) return false;
      throw error;
    }
  };

  /** The user the conversation goes to, if still one of the company; '' (the unassigned queue) otherwise. */
  const handoffUser = async (clientId: string, userId: string): Promise<string> => {
    if (!isUuid(userId)) return '';
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.client_id, clientId), eq(users.id, userId)));
    return found[0]?.id ?? '';
  };

  /**
   * The bot lets go: answerbot off, the conversation to the chosen user or the unassigned queue (agents
   * hear of it as any contact change), then the handoff text (or the bot's own last words) to the customer.
   */
  const handoff = async (turn: Turn, botReply: string) => {
    const { clientId, contact } = turn;
    const target = await handoffUser(clientId, turn.bot.rules.handoff_user_id);
    const changed = await db.transaction(async (tx) => {
      const txContacts = createContactsRepository(tx);
      const before = await txContacts.findById(clientId, contact.id);
      // An agent took it meanwhile: theirs, and the bot says nothing more.
      if (!before?.answerbot) return undefined;
      const after = await txContacts.update(clientId, contact.id, {
        answerbot: false,
        derivedto: target,
        ...(target && !before.owner.includes(target) ? { owner: [...before.owner, target] } : {}),
      });
      if (!after) return undefined;
      await recordAssignment(tx, clientId, { contactId: contact.id, userId: target, at: new Date() });
      const written = await contacts.records
        .writer(tx, botActor(clientId, turn.company.locale))
        .changed(before, after, {
          msg: translate(turn.company.locale, 'info.botHandedOff'),
          ...(target ? { targetUserId: target } : {}),
        });
      const alert = target ? await recordAssignmentAlert(tx, clientId, target, after, 'bot') : undefined;
      return alert ? [written.notification, alert] : [written.notification];
    });
    if (!changed) return;
    contacts.records.publish(clientId, changed);
    const text = turn.bot.rules.handoff_text || botReply;
    if (text) await sendAsBot(turn, text, handoffTempId(turn.messageId));
  };

  /** Reads what the job needs; undefined when there is nothing to answer any more. */
  const turnOf = async (clientId: string, messageId: string): Promise<Turn | undefined> => {
    const message = await createMessagesRepository(db).findById(clientId, messageId);
    if (!message || message.from_me || message.deleted || !message.device_id) return undefined;
    const contact = await createContactsRepository(db).findById(clientId, message.contact_id);
    if (!contact?.answerbot) return undefined;
    const integration = await createIntegrationsRepository(db).botOfDevice(clientId, message.device_id);
    if (!integration || !isBotIntegrationType(integration.type)) return undefined;
    const tempIds = [replyTempId(messageId), handoffTempId(messageId)];
    if (await repo.hasMessage(clientId, contact.id, tempIds)) return undefined;
    const device = await createDevicesRepository(db).findById(clientId, message.device_id);
    if (!device) return undefined;
    const client = await createClientsRepository(db).findById(clientId);
    const company = {
      timezone: client && isTimeZone(client.timezone) ? client.timezone : DEFAULTS.timezone,
      language: client?.language || DEFAULTS.language,
      locale: client && isLocale(client.language) ? client.language : DEFAULT_LOCALE,
    };
    const bot = bindBot(
      bots,
      integration.type,
      openIntegrationConfig(box, integration.type, integration.config),
    );
    return { clientId, messageId, contact, device, integration, bot, botType: integration.type, company };
  };

  return {
    /** The job's run for one inbound message. */
    async answer(clientId: string, messageId: string, job: JobContext): Promise<void> {
      const turn = await turnOf(clientId, messageId);
      if (!turn) return;
      const { contact, integration, bot, botType, company } = turn;
      // The daily limit, or the plan's quota of the bot's answers (or of messages) used up: a person takes over.
      if (
        (await repo.sentToday(clientId, integration.id, company.timezone)) >=
          bot.rules.max_messages_per_day ||
        !(await hasRoom(db, clientId, botType)) ||
        !(await hasRoom(db, clientId, 'message'))
      ) {
        await handoff(turn, '');
        return;
      }
      const history = await repo.lastTurns(clientId, contact.id, messageId, bot.rules.context_message_limit);
      let answer: Awaited<ReturnType<BoundBot['answer']>>;
      try {
        answer = await bot.answer({
          messages: history,
          contactName: contact.full_name,
          language: company.language,
          sessionId: contact.id,
        });
      } catch (error) {
        if (!(error instanceof BotCallError)) throw error;
        await integrations.noteCall(
          clientId,
          integration.id,
          { ok: false, error: error.message },
          turn.company.locale,
          false,
        );
        if (error.isRetryable && !job.isLastAttempt) {
          throw new RetryLater(error.message, error.retryAfterMs ?? RETRY_DELAYS_MS[job.attempt - 1]);
        }
        await handoff(turn, '');
        return;
      }
      await integrations.noteCall(clientId, integration.id, { ok: true }, turn.company.locale, false);
      if (answer.action === 'handoff') {
        await handoff(turn, answer.reply);
        return;
      }
      if (answer.reply && !(await sendAsBot(turn, answer.reply, replyTempId(messageId), botType))) {
        await handoff(turn, '');
      }
    },

    /** The job failed for good (not a provider's answer: a database failure, a broken setting): a person takes over. */
    async giveUp(clientId: string, messageId: string): Promise<void> {
      const turn = await turnOf(clientId, messageId);
      if (turn) await handoff(turn, '');
    },
  };
};

export type BotEngine = ReturnType<typeof createBotEngine>;
