import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { SchedulingRegistry } from '../../integrations/scheduling-adapter';
import type { Agenda } from '../agenda/agenda.setup';
import type { MessagesService } from '../messages/messages.service';
import { createConfirmationAnnouncer } from './confirmation-announcer';
import { confirmationAnswerRule, createConfirmationAnswers } from './confirmation-answers';
import { createConfirmationClock } from './confirmation-clock';
import { createConfirmationReplies } from './confirmation-replies';
import { createConfirmationSender } from './confirmation-sender';
import { createConfirmationStarter } from './confirmation-starter';
import { createConfirmationWriteback } from './confirmation-writeback';
import { createConfirmationsService } from './confirmations.service';

/**
 * Confirmations put together: the routes' service, the jobs (prepare, send, answer, write-back, reply), the clock,
 * and the rule that hands possible answers among inbound messages to the answer job.
 */
export const setUpConfirmations = (deps: {
  db: Database;
  events: EventBus;
  box: SecretBox;
  queue: JobQueue;
  messages: MessagesService;
  adapters: SchedulingRegistry;
  agenda: Agenda;
}) => {
  const { db, queue, messages } = deps;
  const announcer = createConfirmationAnnouncer(deps.events);
  const starter = createConfirmationStarter({ db, queue, announcer, pull: deps.agenda.pull });
  starter.define();
  createConfirmationSender({ db, queue, messages, announcer }).define();
  createConfirmationAnswers({ db, queue, announcer, agendaAnnouncer: deps.agenda.announcer }).define();
  createConfirmationReplies({ db, queue, messages }).define();
  createConfirmationWriteback({ db, box: deps.box, queue, adapters: deps.adapters, announcer }).define();
  createConfirmationClock({ db, queue, announcer, starter }).define();
  messages.addInboundJobRule(confirmationAnswerRule);
  return createConfirmationsService({ db, announcer, starter });
};
