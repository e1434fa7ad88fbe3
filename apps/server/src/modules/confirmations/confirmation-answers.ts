import { answerOfText, type ConfirmationAnswer, readConfirmationButton } from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import { companyClock } from '../../core/company-clock';
import type { Database } from '../../core/db/database';
import type { MessageRow } from '../../core/db/schema';
import { batched, defineJob, type JobQueue, type NewJob, perCompany } from '../../core/jobs/job-queue';
import { createAgendaRepository } from '../agenda/agenda.repository';
import { AGENDA_MODULE, type AgendaAnnouncer } from '../agenda/agenda-announcer';
import { createMessagesRepository } from '../messages/messages.repository';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import { acknowledgement, replyJobs, whichAppointment } from './confirmation-replies';
import { writebackJobs } from './confirmation-writeback';
import { createConfirmationsRepository, type RowAnswer, type WaitingRow } from './confirmations.repository';

/** One job per batch of inbound messages that may be answers, enqueued with the messages themselves. */
export const confirmationAnswerJob = defineJob<{ clientId: string; messageIds: string[] }>(
  'confirmation.answer',
);

/** A job queued before answers were batched (one job per message) still names its message. */
export const messageIdsOf = (payload: { messageIds?: string[]; messageId?: string }): string[] =>
  payload.messageIds ?? (payload.messageId ? [payload.messageId] : []);

/** A morning's answers arrive in bursts: one worker decides this many inbound batches' in one transaction. */
const JOBS_PER_BATCH = 20;

/**
 * Which inbound messages may answer a confirmation (API.md part 3 §3.3): a reply button of ours, or a
 * text whose first word is a yes or a no. A cheap check on every inbound batch; the job decides.
 */
export const confirmationAnswerRule = (clientId: string, messages: MessageRow[]): NewJob[] => {
  const maybe = messages.filter(
    (message) =>
      !message.from_me &&
      (readConfirmationButton(message.button_reply) !== undefined ||
        answerOfText(message.body) !== undefined),
  );
  const [first] = maybe;
  return first
    ? [
        confirmationAnswerJob.job(
          { clientId, messageIds: maybe.map((message) => message.id) },
          { key: `${confirmationAnswerJob.name}:${first.id}` },
        ),
      ]
    : [];
};

type Deps = {
  db: Database;
  queue: JobQueue;
  announcer: ConfirmationAnnouncer;
  agendaAnnouncer: AgendaAnnouncer;
};

/** What one message does: answers a row, or asks its patient which of several rows it answers. */
type Decision =
  | { kind: 'answer'; message: MessageRow; row: WaitingRow; choice: ConfirmationAnswer }
  | { kind: 'ask'; message: MessageRow; rows: WaitingRow[] };

/**
 * Answers: a button names its row; a yes/no word answers the phone's only waiting row, or, with two or
 * more, the patient is asked which (the buttons stay valid). An answer moves its row and appointment once
 * (a conditional update from `sent`), its write-back job and its one acknowledgement in the same
 * transaction. A burst is decided in batches: one read of the waiting rows, one transaction that moves
 * every row and appointment, queues the follow-ups and counts each run's totals once.
 */
export const createConfirmationAnswers = ({ db, queue, announcer, agendaAnnouncer }: Deps) => {
  /** The rows a message may answer: its phone's, on its device, before the deadline, not taken earlier. */
  const decide = (batch: { message: MessageRow; phone: string }[], waiting: WaitingRow[]): Decision[] => {
    const taken = new Set<string>();
    const decisions: Decision[] = [];
    for (const { message, phone } of batch) {
      if (message.from_me || !message.device_id) continue;
      const pressed = readConfirmationButton(message.button_reply);
      const choice = pressed?.answer ?? answerOfText(message.body);
      if (!choice) continue;
      const rows = waiting.filter(
        (row) =>
          row.phone === phone &&
          row.run_device_id === message.device_id &&
          row.reply_deadline > message.timestamp &&
          (!pressed || row.id === pressed.rowId) &&
          !taken.has(row.id),
      );
      const [only] = rows;
      if (only && rows.length === 1) {
        taken.add(only.id);
        decisions.push({ kind: 'answer', message, row: only, choice });
      } else if (rows.length > 1 && !pressed) decisions.push({ kind: 'ask', message, rows });
    }
    return decisions;
  };

  const needsWriteback = (row: WaitingRow, choice: ConfirmationAnswer) =>
    row.type !== 'standard' && !(row.type === 'calendly' && choice === 'confirm');

  /** Every decision of the batch in one transaction; a row answered meanwhile is left as it is. */
  const store = async (clientId: string, decisions: Decision[]) => {
    const clock = await companyClock(db, clientId);
    const answers = decisions.filter((decision) => decision.kind === 'answer');
    const deviceOf = new Map(answers.map(({ row }) => [row.id, row.run_device_id]));
    const outcome = await db.transaction(async (tx) => {
      const rows = createConfirmationsRepository(tx);
      const moved = await rows.answerRows(
        clientId,
        answers.map(
          ({ message, row, choice }): RowAnswer => ({
            id: row.id,
            state: choice === 'confirm' ? 'confirmed' : 'cancelled',
            answer: choice,
            answered_at: message.timestamp,
            writeback: needsWriteback(row, choice) ? 'pending' : 'none',
          }),
        ),
      );
      await queue.enqueueMany(tx, [
        ...writebackJobs(
          clientId,
          moved.flatMap((row) => (row.writeback === 'pending' ? [row.id] : [])),
        ),
        ...replyJobs(clientId, [
          ...moved.flatMap((row) =>
            row.writeback === 'pending' ? [] : acknowledgement(row, deviceOf.get(row.id) ?? '', clock.locale),
          ),
          ...decisions.flatMap((decision) =>
            decision.kind === 'ask' ? [whichAppointment(decision.message, decision.rows, clock)] : [],
          ),
        ]),
      ]);
      if (moved.length === 0) return [];
      const appointments = await createAgendaRepository(tx).setStatuses(
        clientId,
        moved.map((row) => ({
          id: row.agenda_id,
          status: row.state === 'confirmed' ? 'confirmed' : 'cancelled',
        })),
      );
      await writeAuditLog(
        tx,
        { clientId, userId: '', ip: '' },
        moved.map((row) => ({
          action: 'update' as const,
          module: AGENDA_MODULE,
          recordId: row.agenda_id,
          changes: { status: ['scheduled', row.state] },
        })),
      );
      const runs = await rows.findRuns(clientId, [...new Set(moved.map((row) => row.run_id))]);
      return [
        await announcer.changed(tx, clientId, runs),
        ...(await agendaAnnouncer.record(tx, clientId, 'update', appointments, 'info.appointmentUpdated')),
      ];
    });
    announcer.publish(
      clientId,
      outcome.filter((n) => n.notification.module !== AGENDA_MODULE),
    );
    agendaAnnouncer.publish(
      clientId,
      outcome.filter((n) => n.notification.module === AGENDA_MODULE),
    );
    queue.kick();
  };

  const answerMany = async (clientId: string, messageIds: string[]) => {
    const batch = await createMessagesRepository(db).findWithPhones(clientId, messageIds);
    const waiting = await createConfirmationsRepository(db).waitingFor(clientId, [
      ...new Set(batch.map(({ phone }) => phone)),
    ]);
    const decisions = decide(batch, waiting);
    if (decisions.length > 0) await store(clientId, decisions);
  };

  return {
    define() {
      queue.define(
        confirmationAnswerJob,
        batched(
          JOBS_PER_BATCH,
          perCompany((clientId, payloads) => answerMany(clientId, payloads.flatMap(messageIdsOf))),
          { retryOn: 'any error' },
        ),
      );
    },
  };
};
