import { setTimeout as sleep } from 'node:timers/promises';
import type { Locale } from '@conversa/domain';
import { type CompanyClock, companyClock, companyText } from '../../core/company-clock';
import { type Database, isLockTimeout } from '../../core/db/database';
import type {
  ConfirmationRowRow,
  ConfirmationRunRow,
  ContactRow,
  DeviceRow,
  MessageRow,
} from '../../core/db/schema';
import { AppError } from '../../core/http/app-error';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import { type JobQueue, Postpone, RetryLater } from '../../core/jobs/job-queue';
import { sideBySide } from '../../core/side-by-side';
import { linkContacts } from '../agenda/agenda-pull';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import type { DispatchOutcome } from '../messages/message-dispatch';
import { createMessagesRepository } from '../messages/messages.repository';
import type { MessagesService } from '../messages/messages.service';
import type { ConfirmationAnnouncer } from './confirmation-announcer';
import { type RequestText, type RunTemplate, requestOf, templateOf } from './confirmation-request';
import { confirmationSendJob } from './confirmation-starter';
import { createConfirmationsRepository } from './confirmations.repository';

/** One job run asks at most this many rows (or for this long) before handing over to the next. */
const ROWS_PER_TURN = 200;
const TURN_MS = 5_000;
/**
 * Rows claimed and queued together: one statement each for the batch (claim, contacts, messages, links,
 * summaries, quota, notifications), where one request alone paid them all, about 20 statements.
 */
const BATCH = 40;
/**
 * Requests attempted side by side: one attempt is a statement and a provider call, so one at a time
 * leaves the device's pacing (80/s on WhatsApp) unused.
 */
const LANES = 8;
/**
 * How long a batch waits for a conversation another transaction holds before its requests are stored one
 * by one: one stalled conversation must not hold up the run.
 */
const LOCK_TIMEOUT_MS = 2_000;
/** A wait for the device's bucket this short is waited by the lane, rather than by re-queuing the job. */
const SHORT_WAIT_MS = 1_000;

type Deps = { db: Database; queue: JobQueue; messages: MessagesService; announcer: ConfirmationAnnouncer };

/** A row of the batch got another attempt's request first (see `linkRequests`). */
class RequestedElsewhere extends Error {}

/**
 * What one request's attempt leaves: go on, wait for the device's pacing, or the row's request accepted
 * (`sentAt`, recorded with the batch's others).
 */
type Step = { waitMs?: number; sentAt?: Date };

/** A request stored for a claimed row: its message, and the turn its device's pacing gave it. */
type Queued = { row: ConfirmationRowRow; messageId: string; turnAt: Date | null };

/**
 * The sender of a run: pending rows claimed (committed) in batches before their requests are made, their
 * messages linked to them in the messages' own transaction, then each handed to the provider at its turn
 * through the dispatch claim, so a crash between send and record finds the message and never sends twice
 * (API.md part 3 §3.2.4).
 */
export const createConfirmationSender = ({ db, queue, messages, announcer }: Deps) => {
  const repo = createConfirmationsRepository(db);

  const fail = (row: ConfirmationRowRow, error: string) =>
    repo.moveRow(row.client_id, row.id, 'pending', { state: 'failed', error: error.slice(0, 500) });

  /** A row failed for a reason of ours, in the company's language (the run's table shows it). */
  const failFor = async (row: ConfirmationRowRow, reason: MessageKey) =>
    fail(row, await companyText(db, row.client_id, reason));

  /**
   * The row of a request an attempt did not hand over (`skipped`), or found in flight, by its message as
   * read: another worker on the run (one that took its job over) sent it, failed it, or holds it now and
   * settles the row itself.
   */
  const followRequest = async (row: ConfirmationRowRow, message: MessageRow | undefined): Promise<Step> => {
    if (!message) await failFor(row, 'confirmation.requestDeleted');
    else if (message.status === 'error') await fail(row, message.error);
    else if (message.status !== 'queue') return { sentAt: message.create_date };
    else if (message.deleted) await failFor(row, 'confirmation.requestNotSent');
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
        return { sentAt: new Date() };
      case 'paced':
        // The device's shared bucket is empty: the same message waits (the row stays claimed with it).
        return { waitMs: outcome.waitMs };
      case 'retry':
        throw new RetryLater(outcome.failure.reason, outcome.failure.retryAfterMs);
      case 'failed':
        await fail(row, outcome.failure.reason);
        return {};
      case 'skipped':
        return followRequest(row, await createMessagesRepository(db).findById(row.client_id, messageId));
    }
  };

  /**
   * Requests attempted side by side, each at its turn: a short wait is waited, a longer one left for the
   * job's next run (the rows stay claimed with their messages). The rows whose requests were accepted are
   * moved to `sent` in one statement, once every lane has ended (a lane's failure is thrown only then, so
   * no attempt of this run is still going when the job retries); answers the shortest wait left, if any.
   */
  const attemptAll = async (clientId: string, requests: Queued[]): Promise<Step> => {
    const attempt = async ({ row, messageId, turnAt }: Queued): Promise<Step> => {
      const untilTurn = turnAt ? turnAt.getTime() - Date.now() : 0;
      if (untilTurn > SHORT_WAIT_MS) return { waitMs: untilTurn };
      if (untilTurn > 0) await sleep(untilTurn);
      let step = await settle(row, messageId, await messages.attemptSend(clientId, messageId, 1));
      while (step.waitMs !== undefined && step.waitMs <= SHORT_WAIT_MS) {
        await sleep(step.waitMs);
        step = await settle(row, messageId, await messages.attemptSend(clientId, messageId, 1));
      }
      return step;
    };
    const outcomes = await sideBySide(
      requests,
      LANES,
      async (request): Promise<{ step: Step; failure?: unknown }> => {
        try {
          return { step: await attempt(request) };
        } catch (failure) {
          return { step: {}, failure };
        }
      },
    );
    await repo.markSent(
      clientId,
      requests.flatMap(({ row }, index) => {
        const sentAt = outcomes[index]?.step.sentAt;
        return sentAt ? [{ id: row.id, sent_at: sentAt }] : [];
      }),
    );
    const failed = outcomes.find((outcome) => outcome.failure !== undefined);
    if (failed) throw failed.failure;
    const waits = outcomes.flatMap(({ step }) => step.waitMs ?? []);
    return waits.length > 0 ? { waitMs: Math.min(...waits) } : {};
  };

  /** Rows an earlier attempt claimed: without a message nothing was made; with one, its state decides. */
  const settleInFlight = async (run: ConfirmationRunRow): Promise<Step> => {
    const queued: Queued[] = [];
    const sent: { id: string; sent_at: Date }[] = [];
    for (const row of await repo.inFlight(run.client_id, run.id)) {
      if (!row.message_id) {
        await repo.updateRow(run.client_id, row.id, { claimed_at: null });
        continue;
      }
      const message = await createMessagesRepository(db).findById(run.client_id, row.message_id);
      if (message?.status === 'queue' && !message.deleted) {
        queued.push({ row, messageId: message.id, turnAt: message.send_turn_at });
        continue;
      }
      const { sentAt } = await followRequest(row, message);
      if (sentAt) sent.push({ id: row.id, sent_at: sentAt });
    }
    await repo.markSent(run.client_id, sent);
    return attemptAll(run.client_id, queued);
  };

  /** Each row's contact: the one linked to it, or found (or created) by its phone. */
  const contactsOf = async (
    clientId: string,
    rows: ConfirmationRowRow[],
  ): Promise<Map<string, ContactRow>> => {
    const contactsRepo = createContactsRepository(db);
    const linkedIds = [...new Set(rows.flatMap((row) => row.contact_id ?? []))];
    const byId = new Map((await contactsRepo.findByIds(clientId, linkedIds)).map((each) => [each.id, each]));
    const unlinked = rows.filter((row) => !row.contact_id || !byId.has(row.contact_id));
    const byPhone = await linkContacts(
      db,
      clientId,
      unlinked.map((row) => ({ phone: row.phone, name: row.patient_name })),
    );
    const found = await contactsRepo.findByIds(
      clientId,
      [...new Set(byPhone.values())].filter((id) => !byId.has(id)),
    );
    for (const each of found) byId.set(each.id, each);
    return new Map(
      rows.flatMap((row) => {
        const contact =
          (row.contact_id ? byId.get(row.contact_id) : undefined) ?? byId.get(byPhone.get(row.phone) ?? '');
        return contact ? [[row.id, contact]] : [];
      }),
    );
  };

  type Request = { row: ConfirmationRowRow; contact: ContactRow } & RequestText;

  /**
   * The requests stored in one transaction, each linked to its row. One the batch cannot take (its row
   * asked by another attempt meanwhile, no message left to spend, or its conversation held by another
   * transaction past LOCK_TIMEOUT_MS) rolls the batch back, never sent: its requests are then stored one
   * by one, soonest first, so only that row is skipped, failed (in the company's language: the run's
   * table shows it) or left claimed for the job's next run (`held`).
   */
  const store = async (
    run: ConfirmationRunRow,
    device: DeviceRow,
    locale: Locale,
    requests: Request[],
  ): Promise<{ queued: Queued[]; held: boolean }> => {
    try {
      const stored = await messages.queueRequests(
        { clientId: run.client_id, userId: run.user_id ?? '' },
        requests.map(({ contact, body, template, buttons }) => ({
          device,
          contact,
          body,
          template,
          buttons,
        })),
        {
          lockTimeoutMs: LOCK_TIMEOUT_MS,
          inTransaction: async (tx, rows) => {
            const linked = await createConfirmationsRepository(tx).linkRequests(
              run.client_id,
              rows.map((message, index) => ({
                id: requests[index]?.row.id ?? '',
                message_id: message.id,
                contact_id: message.contact_id,
              })),
            );
            if (linked < rows.length) throw new RequestedElsewhere();
          },
        },
      );
      const queued = requests.flatMap(({ row }, index) => {
        const message = stored[index];
        return message ? [{ row, messageId: message.id, turnAt: message.turnAt }] : [];
      });
      return { queued, held: false };
    } catch (error) {
      // No message left to spend (or the plan expired): the row says so instead of waiting silently.
      const refused = error instanceof AppError && error.status === 412;
      const held = isLockTimeout(error);
      if (!refused && !held && !(error instanceof RequestedElsewhere)) throw error;
      if (requests.length > 1) {
        const alone: Queued[] = [];
        let anyHeld = false;
        for (const request of requests) {
          const stored = await store(run, device, locale, [request]);
          alone.push(...stored.queued);
          anyHeld ||= stored.held;
        }
        return { queued: alone, held: anyHeld };
      }
      const [request] = requests;
      if (refused && request) await fail(request.row, translate(locale, error.info, error.params));
      return { queued: [], held };
    }
  };

  /** A batch of claimed rows: checked, their requests stored with the rows' links, then attempted. */
  const ask = async (
    run: ConfirmationRunRow,
    device: DeviceRow,
    clock: CompanyClock,
    template: RunTemplate | undefined,
    rows: ConfirmationRowRow[],
  ): Promise<Step> => {
    for (const row of rows) if (row.phone === '') await failFor(row, 'confirmation.noPhone');
    const withPhone = rows.filter((row) => row.phone !== '');
    const contactOf = await contactsOf(run.client_id, withPhone);
    const requests: Request[] = [];
    for (const row of withPhone) {
      const contact = contactOf.get(row.id);
      if (contact) requests.push({ row, contact, ...requestOf(run, row, contact, clock, template) });
      else await failFor(row, 'confirmation.noContact');
    }
    if (requests.length === 0) return {};
    const { queued, held } = await store(run, device, clock.locale, requests);
    const step = await attemptAll(run.client_id, queued);
    // A row left claimed without its request is released and asked again by the job's next run.
    return held && step.waitMs === undefined ? { waitMs: LOCK_TIMEOUT_MS } : step;
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
    // The company's zone and language, and the run's template, read once a turn: every request uses them.
    const [clock, template] = await Promise.all([companyClock(db, clientId), templateOf(db, run)]);
    const started = Date.now();
    let step = await settleInFlight(run);
    let asked = 0;
    while (step.waitMs === undefined && asked < ROWS_PER_TURN && Date.now() - started < TURN_MS) {
      const rows = await repo.claimNext(clientId, runId, Math.min(BATCH, ROWS_PER_TURN - asked));
      if (rows.length === 0) break;
      asked += rows.length;
      step = await ask(run, device, clock, template, rows);
    }
    await announce(run);
    if (step.waitMs !== undefined)
      throw new Postpone('paced by the device, or a held conversation', step.waitMs);
    if (asked >= ROWS_PER_TURN || Date.now() - started >= TURN_MS) throw new Postpone('next turn', 0);
  };

  return {
    define() {
      queue.define(confirmationSendJob, { run: send, retryOn: 'RetryLater' });
    },
  };
};
