import {
  answerOfText,
  type ConfirmationAnswer,
  localDayAndTime,
  readConfirmationButton,
  type SchedulingIntegrationType,
} from '@conversa/domain';
import { and, eq, sql } from 'drizzle-orm';
import { writeAuditLog } from '../../core/audit/audit-log';
import { companyClock } from '../../core/company-clock';
import type { Database } from '../../core/db/database';
import { type ConfirmationRowRow, type MessageRow, messages as messagesTable } from '../../core/db/schema';
import { translate } from '../../core/i18n/i18n';
import { defineJob, type JobQueue, type NewJob } from '../../core/jobs/job-queue';
import { createAgendaRepository } from '../agenda/agenda.repository';
import { AGENDA_MODULE, type AgendaAnnouncer } from '../agenda/agenda-announcer';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import { createMessagesRepository } from '../messages/messages.repository';
import type { MessagesService } from '../messages/messages.service';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import { confirmationWritebackJob } from './confirmation-writeback';
import { createConfirmationsRepository } from './confirmations.repository';

/** One job per inbound message that may be an answer, enqueued with the message itself. */
export const confirmationAnswerJob = defineJob<{ clientId: string; messageId: string }>(
  'confirmation.answer',
);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A waiting row with what deciding needs of its run. */
type Waiting = ConfirmationRowRow & { type: SchedulingIntegrationType; run_device_id: string };

/**
 * Whether an inbound message may answer a confirmation (API.md part 3 §3.3): a reply button of ours, or a
 * text whose first word is a yes or a no. A cheap check on every inbound message; the job decides.
 */
export const confirmationAnswerRule = (clientId: string, message: MessageRow): NewJob | undefined => {
  if (message.from_me) return undefined;
  const isAnswer =
    readConfirmationButton(message.button_reply) !== undefined || answerOfText(message.body) !== undefined;
  return isAnswer
    ? confirmationAnswerJob.job(
        { clientId, messageId: message.id },
        { key: `${confirmationAnswerJob.name}:${message.id}` },
      )
    : undefined;
};

type Deps = {
  db: Database;
  queue: JobQueue;
  messages: MessagesService;
  announcer: ConfirmationAnnouncer;
  agendaAnnouncer: AgendaAnnouncer;
};

/**
 * Answers: a button names its row; a yes/no word answers the phone's only waiting row, or, with two or
 * more, the patient is asked which (the buttons stay valid). An answer moves its row and appointment once
 * (a conditional update from `sent`), its write-back job in the same transaction, one acknowledgement.
 */
export const createConfirmationAnswers = ({ db, queue, messages, announcer, agendaAnnouncer }: Deps) => {
  /** The rows of running runs on the message's device waiting for this phone, before their deadline. */
  const waitingFor = async (message: MessageRow, phone: string, rowId?: string): Promise<Waiting[]> =>
    rowsOf<Waiting>(
      await db.execute(sql`
        select r.*, i.type, u.device_id as run_device_id
        from confirmation_rows r
        join confirmation_runs u on u.id = r.run_id
        join integrations i on i.id = u.integration_id
        where r.client_id = ${message.client_id} and r.phone = ${phone} and r.state = 'sent'
          and u.status = 'running' and u.device_id = ${message.device_id}
          and u.reply_deadline > ${message.timestamp.toISOString()}::timestamptz
          ${rowId ? sql`and r.id = ${rowId}` : sql``}
        order by r.meet_date`),
    ).map((row) => ({
      ...row,
      meet_date: new Date(row.meet_date),
      sent_at: row.sent_at ? new Date(row.sent_at) : null,
    }));

  /** A message to the patient from the clinic, once per `tempId` (a job run twice finds it there). */
  const tell = async (message: MessageRow, tempId: string, body: string) => {
    const existing = await db
      .select({ id: messagesTable.id })
      .from(messagesTable)
      .where(
        and(
          eq(messagesTable.client_id, message.client_id),
          eq(messagesTable.contact_id, message.contact_id),
          eq(messagesTable.temp_id, tempId),
        ),
      );
    if (existing.length > 0 || !message.device_id) return;
    const [device, contact] = await Promise.all([
      createDevicesRepository(db).findById(message.client_id, message.device_id),
      createContactsRepository(db).findById(message.client_id, message.contact_id),
    ]);
    if (!device || !contact) return;
    await messages.queueBotMessage(message.client_id, { device, contact, body, tempId });
  };

  const apply = async (message: MessageRow, row: Waiting, choice: ConfirmationAnswer) => {
    const needsWriteback = row.type !== 'standard' && !(row.type === 'calendly' && choice === 'confirm');
    const status = choice === 'confirm' ? 'confirmed' : 'cancelled';
    const outcome = await db.transaction(async (tx) => {
      const moved = await createConfirmationsRepository(tx).moveRow(row.client_id, row.id, 'sent', {
        state: status,
        answer: choice,
        answered_at: message.timestamp,
        writeback: needsWriteback ? 'pending' : 'none',
      });
      if (!moved) return undefined;
      const appointment = await createAgendaRepository(tx).update(row.client_id, row.agenda_id, { status });
      if (needsWriteback) {
        await queue.enqueue(
          tx,
          confirmationWritebackJob.job(
            { clientId: row.client_id, rowId: row.id },
            { key: `${confirmationWritebackJob.name}:${row.id}` },
          ),
        );
      }
      await writeAuditLog(tx, { clientId: row.client_id, userId: '', ip: '' }, [
        {
          action: 'update',
          module: AGENDA_MODULE,
          recordId: row.agenda_id,
          changes: { status: ['scheduled', status] },
        },
      ]);
      const run = await createConfirmationsRepository(tx).findRun(row.client_id, row.run_id);
      return {
        notifications: [
          ...(run ? [await announcer.changed(tx, row.client_id, run)] : []),
          ...(appointment
            ? await agendaAnnouncer.record(
                tx,
                row.client_id,
                'update',
                [appointment],
                'info.appointmentUpdated',
              )
            : []),
        ],
      };
    });
    if (!outcome) return;
    announcer.publish(
      row.client_id,
      outcome.notifications.filter((n) => n.notification.module !== AGENDA_MODULE),
    );
    agendaAnnouncer.publish(
      row.client_id,
      outcome.notifications.filter((n) => n.notification.module === AGENDA_MODULE),
    );
    if (needsWriteback) queue.kick();
    const { locale } = await companyClock(db, row.client_id);
    await tell(
      message,
      `cf-ack:${row.id}`,
      translate(locale, choice === 'confirm' ? 'confirmation.ackConfirmed' : 'confirmation.ackCancelled'),
    );
  };

  /** Two or more waiting rows and a word: the patient is asked which, by time and professional. */
  const askWhich = async (message: MessageRow, rows: Waiting[]) => {
    const { timeZone, locale } = await companyClock(db, message.client_id);
    const list = rows
      .map(
        (row, index) =>
          `${index + 1}. ${localDayAndTime(row.meet_date, timeZone).time} · ${row.specialist_name}`,
      )
      .join('\n');
    await tell(
      message,
      `cf-which:${message.id}`,
      translate(locale, 'confirmation.whichAppointment', { list }),
    );
  };

  const answer = async ({ clientId, messageId }: { clientId: string; messageId: string }) => {
    const message = await createMessagesRepository(db).findById(clientId, messageId);
    if (!message || message.from_me || !message.device_id) return;
    const contact = await createContactsRepository(db).findById(clientId, message.contact_id);
    if (!contact) return;
    const pressed = readConfirmationButton(message.button_reply);
    if (pressed) {
      const [row] = await waitingFor(message, contact.phone, pressed.rowId);
      if (row) await apply(message, row, pressed.answer);
      return;
    }
    const choice = answerOfText(message.body);
    if (!choice) return;
    const rows = await waitingFor(message, contact.phone);
    if (rows.length === 1 && rows[0]) await apply(message, rows[0], choice);
    else if (rows.length > 1) await askWhich(message, rows);
  };

  return {
    define() {
      queue.define(confirmationAnswerJob, { run: answer, retryOn: 'any error' });
    },
  };
};
