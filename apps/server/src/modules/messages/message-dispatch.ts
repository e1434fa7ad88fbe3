import type { ChannelAdapter, SendFailure, SendResult } from '../../channels/channel-adapter';
import { deliveryUnknown } from '../../channels/provider-http';
import { reserveTurns } from '../../channels/send-rate';
import type { MessageRow } from '../../core/db/schema';
import { Postpone, RetryLater } from '../../core/jobs/job-queue';
import { createContactsRepository } from '../contacts/contacts.repository';
import { toChannelDevice } from '../devices/devices.mapper';
import type { MessageContext } from './message-context';
import { createMessageDispatchRepository, type SendSubject } from './message-dispatch.repository';

export const SEND_JOB = 'message.send';

/**
 * What one attempt did: nothing to send (`skipped`), wait for the send limit (`paced`), accepted (`sent`),
 * refused for good or unknown (`failed`, the message shows 'error'), or certainly not taken (`retry`, the
 * message stays queued and may be attempted again).
 */
export type DispatchOutcome =
  | { kind: 'skipped' }
  | { kind: 'paced'; waitMs: number; reason: string }
  | { kind: 'sent'; providerMessageId: string }
  | { kind: 'failed'; failure: SendFailure }
  | { kind: 'retry'; failure: SendFailure };

/** What an outbound message shows when an earlier attempt's outcome was never recorded. */
export const DELIVERY_UNKNOWN_AFTER_RESTART =
  'delivery unknown after restart: the provider may have received it, so it was not sent again';

/** The send job: a queued message handed to its provider, exactly once or marked for a person to decide. */
export const createMessageDispatch = (context: MessageContext) => {
  const { db, box, channels, files, publicUrl } = context;

  /**
   * The provider's published limits, shared by every process through the database (channels/send-rate.ts).
   * Answers how long to wait, 0 for now. A message given its turn when it was queued, or by an earlier
   * attempt that had to wait, keeps it (send_turn_at): the attempt that comes back at it sends then,
   * whichever caller makes it, instead of queueing again.
   */
  const paceSend = async (adapter: ChannelAdapter, message: MessageRow, chat: string): Promise<number> => {
    if (message.send_turn_at) return Math.max(0, message.send_turn_at.getTime() - Date.now());
    if (!message.device_id) return 0;
    const [wait = 0] = await reserveTurns(db, adapter.pacing, message.device_id, [chat]);
    if (wait > 0)
      await createMessageDispatchRepository(db).keepSendTurn(
        message.client_id,
        message.id,
        new Date(Date.now() + wait),
      );
    return wait;
  };

  /** A permanent failure, or retries exhausted: the message shows 'error' with the reason. */
  const failSend = async (clientId: string, messageId: string, reason: string): Promise<void> => {
    const outcome = await db.transaction(async (tx) => {
      const failed = await createMessageDispatchRepository(tx).markError(clientId, messageId, reason);
      if (!failed) return undefined;
      await createContactsRepository(tx).updateLastMessageStatus(
        clientId,
        failed.contact_id,
        failed.id,
        'error',
        '',
      );
      return { row: failed, notification: await context.announceMessage(tx, failed, 'update') };
    });
    if (outcome) context.announced(outcome.row, [outcome.notification]);
  };

  /**
   * The attempt of a message the first statement did not claim (see readForSend): checked, paced (a wait
   * answers `paced`), then claimed. Answers the claimed message with its device and contact, or what the
   * attempt did instead.
   */
  const claimAfterPacing = async (
    clientId: string,
    found: SendSubject,
  ): Promise<SendSubject | Exclude<DispatchOutcome, { kind: 'sent' }>> => {
    const { message: current, device, contact } = found;
    if (!current.from_me || current.status !== 'queue' || current.message_id || current.deleted)
      return { kind: 'skipped' };
    if (current.dispatch_state === 'dispatching') {
      await failSend(clientId, current.id, DELIVERY_UNKNOWN_AFTER_RESTART);
      return { kind: 'failed', failure: deliveryUnknown(DELIVERY_UNKNOWN_AFTER_RESTART) };
    }
    if (device && contact) {
      const wait = await paceSend(channels[device.type], current, contact.phone);
      if (wait > 0) return { kind: 'paced', waitMs: wait, reason: `paced: ${device.type} send limit` };
    }
    const claimed = await createMessageDispatchRepository(db).claimForDispatch(clientId, current.id);
    return claimed ? { message: claimed, device, contact } : { kind: 'skipped' };
  };

  /**
   * One attempt at a queued message, answering what happened instead of throwing, so a caller with rules
   * of its own (a diffusion pausing on a provider code) reads the outcome; the send job's `dispatch` below
   * turns it into the queue's retry and postpone.
   */
  const attemptSend = async (
    clientId: string,
    messageId: string,
    attempt: number,
  ): Promise<DispatchOutcome> => {
    const messages = createMessageDispatchRepository(db);
    const found = await messages.readForSend(clientId, messageId, new Date());
    if (!found) return { kind: 'skipped' };
    const ready = found.isClaimed ? found : await claimAfterPacing(clientId, found);
    if (!('message' in ready)) return ready;
    const { message: current, device, contact } = ready;
    if (!device || !contact) {
      const reason = 'the device or the contact no longer exists';
      await failSend(clientId, messageId, reason);
      return { kind: 'failed', failure: { ok: false, retryable: false, reason } };
    }
    const adapter = channels[device.type];
    let result: SendResult;
    try {
      result = await adapter.send(toChannelDevice(box, device), {
        messageId: current.id,
        to: contact.phone,
        type: current.type,
        body: current.body,
        attachmentUrl: current.attachment_key
          ? `${publicUrl}${files.url(current.attachment_key)}`
          : undefined,
        filename: current.filename,
        mimetype: current.mimetype,
        template: current.template,
        buttons: current.buttons,
        attempt,
      });
    } catch (error) {
      // Adapters answer every provider outcome; a throw leaves it unknown whether the call went out.
      result = deliveryUnknown(error instanceof Error ? error.message : String(error));
    }
    if (result.ok) {
      const providerMessageId = result.providerMessageId;
      // One statement (atomic without a transaction): every send pays it, 80 a second per device.
      const sent: MessageRow = {
        ...current,
        message_id: providerMessageId,
        status: 'sent',
        dispatch_state: '',
      };
      const notifications = await context.announceMessageWith(
        sent,
        messages.sentChange(clientId, messageId, providerMessageId),
      );
      if (notifications.length > 0) context.announced(sent, notifications);
      return { kind: 'sent', providerMessageId };
    }
    if (result.retryable && !result.isDeliveryUnknown) {
      await messages.releaseClaim(clientId, messageId);
      return { kind: 'retry', failure: result };
    }
    await failSend(clientId, messageId, result.reason);
    return { kind: 'failed', failure: result };
  };

  return {
    failSend,
    attemptSend,

    /**
     * Never sending a message twice rests on one rule: the attempt is recorded as 'dispatching' in its own
     * committed statement BEFORE the provider call, and cleared only by a recorded outcome. So:
     * - accepted → 'sent' with the provider's id;
     * - certainly not taken (429 or a throttling code, 5xx, connection refused) → claim released, retried
     *   after the provider's retry-after or the backoff;
     * - ambiguous (timeout, connection cut after the request was written) → 'error', delivery unknown;
     * - refused (any other 4xx) → 'error' with the provider's reason;
     * - a later run that finds 'dispatching' means the process died between the provider call and the
     *   record (killed after the provider accepted, perhaps). Neither WhatsApp, Meta's Send API nor
     *   Telegram offers an idempotency key, so a resend could deliver it twice: the message is marked
     *   'error' (delivery unknown after restart) and a person decides. A live attempt cannot be mistaken
     *   for a dead one: the job's lease (JOB_LEASE_MS) outlasts the provider timeout, checked at start.
     */
    async dispatch(clientId: string, messageId: string, attempt: number): Promise<void> {
      const outcome = await attemptSend(clientId, messageId, attempt);
      if (outcome.kind === 'paced') throw new Postpone(outcome.reason, outcome.waitMs);
      if (outcome.kind === 'retry')
        throw new RetryLater(outcome.failure.reason, outcome.failure.retryAfterMs);
    },
  };
};
