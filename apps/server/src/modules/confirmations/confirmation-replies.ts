import { type Locale, localDayAndTime } from '@conversa/domain';
import type { CompanyClock } from '../../core/company-clock';
import type { Database } from '../../core/db/database';
import type { ConfirmationRowRow, MessageRow } from '../../core/db/schema';
import { translate } from '../../core/i18n/i18n';
import { defineJob, type JobQueue, type NewJob } from '../../core/jobs/job-queue';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import { createMessagesRepository } from '../messages/messages.repository';
import type { MessagesService } from '../messages/messages.service';

/**
 * A message from the clinic to the patient (an answer's acknowledgement, or which appointment?), queued
 * durably in the transaction that decides it and sent once by its `tempId`, so a crash never loses it and
 * a job run twice never sends it twice. The replies a batch decides go in one job.
 */
export type Reply = { contactId: string; deviceId: string; tempId: string; body: string };
export const confirmationReplyJob = defineJob<{ clientId: string; replies: Reply[] }>('confirmation.reply');

/** A job queued before replies were grouped (one job per reply) carries the reply itself. */
export const repliesOf = (payload: { replies?: Reply[] } & Partial<Reply>): Reply[] => {
  const { replies, contactId, deviceId, tempId, body } = payload;
  if (replies) return replies;
  return contactId && deviceId && tempId && body ? [{ contactId, deviceId, tempId, body }] : [];
};

/** The job sending these replies, none when there are none. */
export const replyJobs = (clientId: string, replies: Reply[]): NewJob[] => {
  const [first] = replies;
  return first
    ? [
        confirmationReplyJob.job(
          { clientId, replies },
          { key: `${confirmationReplyJob.name}:${first.tempId}` },
        ),
      ]
    : [];
};

/**
 * The one acknowledgement of an answered row, on the run's device. Queued once the answer is final for
 * the clinic: written back to its system (or failed there), or at once when nothing is written back.
 */
export const acknowledgement = (
  row: Pick<ConfirmationRowRow, 'id' | 'contact_id' | 'answer'>,
  deviceId: string,
  locale: Locale,
): Reply[] =>
  row.contact_id && row.answer
    ? [
        {
          contactId: row.contact_id,
          deviceId,
          tempId: `cf-ack:${row.id}`,
          body: translate(
            locale,
            row.answer === 'confirm' ? 'confirmation.ackConfirmed' : 'confirmation.ackCancelled',
          ),
        },
      ]
    : [];

/** A yes or a no from a patient with two or more waiting appointments: which one, by time and professional. */
export const whichAppointment = (
  message: MessageRow,
  rows: Pick<ConfirmationRowRow, 'meet_date' | 'specialist_name'>[],
  clock: CompanyClock,
): Reply => ({
  contactId: message.contact_id,
  deviceId: message.device_id ?? '',
  tempId: `cf-which:${message.id}`,
  body: translate(clock.locale, 'confirmation.whichAppointment', {
    list: rows
      .map(
        (row, index) =>
          `${index + 1}. ${localDayAndTime(row.meet_date, clock.timeZone).time} · ${row.specialist_name}`,
      )
      .join('\n'),
  }),
});

/** Sends the replies as the bot's messages in their conversations (paced and retried as every send). */
export const createConfirmationReplies = ({
  db,
  queue,
  messages,
}: {
  db: Database;
  queue: JobQueue;
  messages: MessagesService;
}) => {
  const reply = async (clientId: string, replies: Reply[]) => {
    const contactIds = [...new Set(replies.map((each) => each.contactId))];
    const [sent, contacts, devices] = await Promise.all([
      createMessagesRepository(db).tempIdsIn(
        clientId,
        contactIds,
        replies.map(({ tempId }) => tempId),
      ),
      createContactsRepository(db).findByIds(clientId, contactIds),
      Promise.all(
        [...new Set(replies.map((each) => each.deviceId))].map((id) =>
          createDevicesRepository(db).findById(clientId, id),
        ),
      ),
    ]);
    const unsent = replies.flatMap(({ contactId, deviceId, tempId, body }) => {
      const device = devices.find((each) => each?.id === deviceId);
      const contact = contacts.find((each) => each.id === contactId);
      return !sent.has(tempId) && device && contact ? [{ device, contact, body, tempId }] : [];
    });
    await messages.queueBotMessages(clientId, unsent);
  };

  return {
    define() {
      queue.define(confirmationReplyJob, {
        run: (payload) => reply(payload.clientId, repliesOf(payload)),
        retryOn: 'any error',
      });
    },
  };
};
