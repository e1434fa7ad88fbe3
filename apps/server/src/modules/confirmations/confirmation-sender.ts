import {
  confirmationButtonId,
  fillAppointmentPlaceholders,
  fillPlaceholders,
  localDayAndTime,
  type MessageButton,
  type MessageTemplate,
} from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import { type CompanyClock, companyClock } from '../../core/company-clock';
import type { Database } from '../../core/db/database';
import {
  type ConfirmationRowRow,
  type ConfirmationRunRow,
  type ContactRow,
  type DeviceRow,
  templates,
} from '../../core/db/schema';
import { AppError } from '../../core/http/app-error';
import { translate } from '../../core/i18n/i18n';
import { type JobQueue, Postpone, RetryLater } from '../../core/jobs/job-queue';
import { linkContacts } from '../agenda/agenda-pull';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import type { DispatchOutcome } from '../messages/message-dispatch';
import { createMessagesRepository } from '../messages/messages.repository';
import type { MessagesService } from '../messages/messages.service';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import { confirmationSendJob } from './confirmation-starter';
import { createConfirmationsRepository } from './confirmations.repository';

/** One job run sends at most this many requests (or for this long) before handing over to the next. */
const ROWS_PER_TURN = 50;
const TURN_MS = 5_000;
/**
 * Rows asked side by side in a turn: one request is a chain of statements and a provider call, so one
 * at a time leaves the device's pacing (80/s on WhatsApp) unused. Each lane owns the rows it claimed.
 */
const LANES = 8;
/** A wait for the device's bucket this short is waited by the lane, rather than by re-queuing the job. */
const SHORT_WAIT_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Deps = { db: Database; queue: JobQueue; messages: MessagesService; announcer: ConfirmationAnnouncer };

/** The row got another attempt's request first (see `linkRequest`). */
class RequestedElsewhere extends Error {}

/** What one request's attempt leaves: go on, or wait for the device's pacing. */
type Step = { waitMs?: number };

/**
 * The sender of a run: each pending row claimed (committed) before its request is made, its message
 * linked to it in the message's own transaction, then handed to the provider through the dispatch claim,
 * so a crash between send and record finds the message and never sends twice (API.md part 3 §3.2.4).
 */
export const createConfirmationSender = ({ db, queue, messages, announcer }: Deps) => {
  const repo = createConfirmationsRepository(db);

  const fail = (row: ConfirmationRowRow, error: string) =>
    repo.moveRow(row.client_id, row.id, 'pending', { state: 'failed', error: error.slice(0, 500) });

  /**
   * The row of a request this attempt did not hand over (`skipped`): another worker on the run (one that
   * took its job over) sent it, failed it, or holds it now and settles the row itself.
   */
  const followRequest = async (row: ConfirmationRowRow, messageId: string): Promise<Step> => {
    const message = await createMessagesRepository(db).findById(row.client_id, messageId);
    if (!message) await fail(row, 'message deleted');
    else if (message.status === 'error') await fail(row, message.error);
    else if (message.status !== 'queue') {
      await repo.moveRow(row.client_id, row.id, 'pending', { state: 'sent', sent_at: message.create_date });
    } else if (message.deleted) await fail(row, 'not sent');
    return {};
  };

  /** What the attempt's outcome does to the row. */
  const settle = async (
    row: ConfirmationRowRow,
    messageId: string,
    outcome: DispatchOutcome,
  ): Promise<Step> => {
    switch (outcome.kind) {
      case 'sent':
        await repo.moveRow(row.client_id, row.id, 'pending', {
          state: 'sent',
          sent_at: new Date(),
          error: '',
        });
        return {};
      case 'paced':
        // The device's shared bucket is empty: the same message waits (the row stays claimed with it).
        return { waitMs: outcome.waitMs };
      case 'retry':
        throw new RetryLater(outcome.failure.reason, outcome.failure.retryAfterMs);
      case 'failed':
        await fail(row, outcome.failure.reason);
        return {};
      case 'skipped':
        return followRequest(row, messageId);
    }
  };

  /** Rows an earlier attempt claimed: without a message nothing was made; with one, its state decides. */
  const settleInFlight = async (run: ConfirmationRunRow): Promise<Step> => {
    const messagesRepo = createMessagesRepository(db);
    for (const row of await repo.inFlight(run.client_id, run.id)) {
      if (!row.message_id) {
        await repo.updateRow(run.client_id, row.id, { claimed_at: null });
        continue;
      }
      const message = await messagesRepo.findById(run.client_id, row.message_id);
      if (!message) {
        await fail(row, 'message deleted');
      } else if (message.status === 'error') {
        await fail(row, message.error);
      } else if (message.status !== 'queue') {
        await repo.moveRow(run.client_id, row.id, 'pending', { state: 'sent', sent_at: message.create_date });
      } else {
        const step = await settle(row, message.id, await messages.attemptSend(run.client_id, message.id, 1));
        if (step.waitMs !== undefined) return step;
      }
    }
    return {};
  };

  const contactOf = async (row: ConfirmationRowRow): Promise<ContactRow | undefined> => {
    const contactsRepo = createContactsRepository(db);
    const linked = row.contact_id ? await contactsRepo.findById(row.client_id, row.contact_id) : undefined;
    if (linked) return linked;
    const ids = await linkContacts(db, row.client_id, [{ phone: row.phone, name: row.patient_name }]);
    const id = ids.get(row.phone);
    return id ? contactsRepo.findById(row.client_id, id) : undefined;
  };

  /** The request of one row: the run's template, or its text with the two reply buttons. */
  const requestOf = async (
    run: ConfirmationRunRow,
    row: ConfirmationRowRow,
    contact: ContactRow,
    { timeZone, locale }: CompanyClock,
  ) => {
    const { day, time } = localDayAndTime(row.meet_date, timeZone);
    const [year, month, date] = day.split('-');
    const fill = (text: string) =>
      fillPlaceholders(
        fillAppointmentPlaceholders(text, {
          patient: row.patient_name,
          date: `${date}/${month}/${year}`,
          time,
          professional: row.specialist_name,
          branch: row.branch_name,
        }),
        {
          contact: {
            first_name: contact.first_name,
            last_name: contact.last_name,
            full_name: contact.full_name,
          },
          // A confirmation is the clinic's, not an agent's: $username names nobody.
          user: { name: '' },
        },
      );
    if (run.template_id) {
      const found = await db
        .select({ name: templates.name, language: templates.language })
        .from(templates)
        .where(and(eq(templates.client_id, run.client_id), eq(templates.id, run.template_id)));
      const template = found[0];
      if (template) {
        const values = run.parameters.map(fill).filter((text) => text !== '');
        const shaped: MessageTemplate = {
          name: template.name,
          language: template.language,
          components:
            values.length === 0
              ? []
              : [{ type: 'BODY', parameters: values.map((text) => ({ type: 'text', text })) }],
        };
        return { body: values.join('\n') || template.name, template: shaped, buttons: [] };
      }
    }
    const buttons: MessageButton[] = [
      { id: confirmationButtonId(row.id, 'confirm'), title: translate(locale, 'confirmation.buttonConfirm') },
      { id: confirmationButtonId(row.id, 'cancel'), title: translate(locale, 'confirmation.buttonCancel') },
    ];
    return { body: fill(run.message), buttons };
  };

  /** One row: claimed, checked, its request stored with the row's link, then attempted. */
  const ask = async (
    run: ConfirmationRunRow,
    device: DeviceRow,
    clock: CompanyClock,
    row: ConfirmationRowRow,
  ): Promise<Step> => {
    if (row.phone === '') {
      await fail(row, 'the appointment has no phone');
      return {};
    }
    const contact = await contactOf(row);
    if (!contact) {
      await fail(row, 'no contact for the phone');
      return {};
    }
    const request = await requestOf(run, row, contact, clock);
    let messageId: string;
    try {
      const stored = await messages.queueBroadcast(
        { clientId: run.client_id, userId: run.user_id ?? '' },
        { device, contact, ...request },
        async (tx, message) => {
          const linked = await createConfirmationsRepository(tx).linkRequest(
            run.client_id,
            row.id,
            message.id,
            contact.id,
          );
          if (!linked) throw new RequestedElsewhere();
        },
      );
      messageId = stored.id;
    } catch (error) {
      // Another attempt asked this appointment meanwhile: this request was rolled back, never sent.
      if (error instanceof RequestedElsewhere) return {};
      // No message left to spend (or the plan expired): the row says so instead of waiting silently.
      if (!(error instanceof AppError && error.status === 412)) throw error;
      await fail(row, error.message);
      return {};
    }
    let step = await settle(row, messageId, await messages.attemptSend(run.client_id, messageId, 1));
    while (step.waitMs !== undefined && step.waitMs <= SHORT_WAIT_MS) {
      await sleep(step.waitMs);
      step = await settle(row, messageId, await messages.attemptSend(run.client_id, messageId, 1));
    }
    return step;
  };

  const announce = async (run: ConfirmationRunRow) => {
    const fresh = await repo.findRun(run.client_id, run.id);
    if (!fresh) return;
    const notification = await announcer.changed(db, run.client_id, fresh);
    announcer.publish(run.client_id, [notification]);
  };

  const send = async ({ clientId, runId }: { clientId: string; runId: string }): Promise<void> => {
    const run = await repo.findRun(clientId, runId);
    if (run?.status !== 'running') return;
    const device = await createDevicesRepository(db).findById(clientId, run.device_id);
    if (!device) return;
    // The company's zone and language, read once a turn: every request of it writes its date and buttons.
    const clock = await companyClock(db, clientId);
    const started = Date.now();
    let step = await settleInFlight(run);
    let asked = 0;
    const lane = async () => {
      while (step.waitMs === undefined && asked < ROWS_PER_TURN && Date.now() - started < TURN_MS) {
        const row = await repo.claimNext(clientId, runId);
        if (!row) return;
        asked += 1;
        const laneStep = await ask(run, device, clock, row);
        if (laneStep.waitMs !== undefined) step = laneStep;
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: LANES }, lane));
    const failed = lanes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    await announce(run);
    if (step.waitMs !== undefined) throw new Postpone('paced by the device', step.waitMs);
    if (asked >= ROWS_PER_TURN || Date.now() - started >= TURN_MS) throw new Postpone('next turn', 0);
  };

  return {
    define() {
      queue.define(confirmationSendJob, { run: send, retryOn: 'RetryLater' });
    },
  };
};
