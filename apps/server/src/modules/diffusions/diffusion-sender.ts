import {
  canSendTemplates,
  countryOfPhone,
  DEFAULTS,
  type DiffusionStatus,
  fillPlaceholders,
  type Message,
  type MessageTemplate,
  msUntilWindowOpens,
  type PauseReason,
  splitFullName,
  type TemplateContext,
  WHATSAPP_OPT_OUT_CODE,
  WHATSAPP_PAUSE_CODES,
} from '@conversa/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { SendFailure } from '../../channels/channel-adapter';
import type { Database } from '../../core/db/database';
import {
  type ContactRow,
  clients,
  type DeviceRow,
  type DiffusionRecipientRow,
  type DiffusionRow,
  diffusions,
  templates,
} from '../../core/db/schema';
import { AppError } from '../../core/http/app-error';
import type { MessageKey } from '../../core/i18n/i18n';
import { Postpone, RetryLater } from '../../core/jobs/job-queue';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import type { DispatchOutcome } from '../messages/message-dispatch';
import { createMessagesRepository } from '../messages/messages.repository';
import type { MessagesService } from '../messages/messages.service';
import type { DiffusionAnnouncer } from './diffusion-announcer';
import { delayAfterSend } from './diffusion-pacing';
import { createRecipientStore, type RecipientStore } from './diffusion-recipients';
import { createDiffusionsRepository } from './diffusions.repository';

export const DIFFUSION_SEND_JOB = 'diffusion.send';
export const diffusionJobKey = (id: string) => `${DIFFUSION_SEND_JOB}:${id}`;

/** A closed window is looked at again at least hourly (a changed window, a paused diffusion). */
const MAX_SLEEP_MS = 3_600_000;
const DAY_MS = 86_400_000;

type Deps = { db: Database; messages: MessagesService; announcer: DiffusionAnnouncer };

/**
 * What a finished attempt means for the diffusion: go on after `delayMs` counted from `since` (when the
 * message went to the provider; the run's start when nothing was sent), or stop (paused, ended).
 */
type Next = { delayMs: number; since?: number } | { stop: true };

/**
 * The sender: one durable job per diffusion, each run handling one recipient and re-scheduling itself
 * (Postpone) after the pacing's wait, so a restart or another process simply continues. Each message goes
 * through the messages pipeline (stored in the conversation, the device's shared send bucket, the
 * dispatch claim that makes an unknown outcome 'delivery unknown' instead of a second send).
 */
export const createDiffusionSender = ({ db, messages, announcer }: Deps) => {
  const diffusionsRepo = createDiffusionsRepository(db);

  /** Moves a running diffusion to `status` (paused with why, or completed) and tells the company. */
  const stopWith = async (
    row: DiffusionRow,
    status: Extract<DiffusionStatus, 'paused' | 'completed'>,
    reason: PauseReason | '',
    info: MessageKey,
  ): Promise<void> => {
    const outcome = await db.transaction(async (tx) => {
      const changed = await createDiffusionsRepository(tx).update(
        row.client_id,
        row.id,
        {
          status,
          pause_reason: reason,
          ...(status === 'completed' ? { completed_at: new Date() } : {}),
        },
        eq(diffusions.status, 'running'),
      );
      if (!changed) return undefined;
      return { changed, notification: await announcer.record(tx, changed, 'update', info) };
    });
    if (outcome) announcer.publish(row.client_id, [outcome.notification]);
  };
  const pause = (row: DiffusionRow, reason: PauseReason) =>
    stopWith(row, 'paused', reason, 'info.diffusionPaused');

  /** The recipient's conversation: its contact, or one made from the phone (a lead, an imported row). */
  const contactOf = async (row: DiffusionRow, recipient: DiffusionRecipientRow): Promise<ContactRow> => {
    const contactsRepo = createContactsRepository(db);
    const found = recipient.contact_id
      ? await contactsRepo.findById(row.client_id, recipient.contact_id)
      : undefined;
    if (found) return found;
    return contactsRepo.findOrCreateByPhone(row.client_id, {
      ...splitFullName(recipient.name || recipient.phone),
      phone: recipient.phone,
      country: countryOfPhone(recipient.phone) ?? DEFAULTS.country,
      device_id: row.device_id,
    });
  };

  /** The template as the provider takes it, its {{n}} values filled for this recipient. */
  const templateFor = (
    template: { name: string; language: string },
    parameters: string[],
    fields: TemplateContext,
  ): MessageTemplate => {
    const filled = parameters.map((text) => fillPlaceholders(text, fields)).filter((text) => text !== '');
    return {
      name: template.name,
      language: template.language,
      components:
        filled.length === 0
          ? []
          : [{ type: 'BODY', parameters: filled.map((text) => ({ type: 'text' as const, text })) }],
    };
  };

  /** What an attempt's outcome does to the recipient and, by WhatsApp's codes, to the diffusion. */
  const settleOutcome = async (
    store: RecipientStore,
    row: DiffusionRow,
    recipient: DiffusionRecipientRow,
    outcome: DispatchOutcome,
  ): Promise<Next> => {
    switch (outcome.kind) {
      case 'paced':
        // The device's shared bucket (80/s on WhatsApp, inbound included) is empty: the same message waits.
        return { delayMs: outcome.waitMs };
      case 'skipped':
        await store.settle(recipient.id, { state: 'failed', reason: 'provider', detail: 'not sent' });
        return { delayMs: 0 };
      case 'sent': {
        await store.settle(recipient.id, { state: 'sent' }, { providerId: outcome.providerMessageId });
        return { delayMs: delayAfterSend(row.id, row.pacing, await store.attempted(row.id)) };
      }
      case 'retry': {
        const pauseReason = pauseReasonOf(outcome.failure);
        if (pauseReason) {
          // The message stays queued with its recipient `sending`: a resume attempts that same message.
          await pause(row, pauseReason);
          return { stop: true };
        }
        throw new RetryLater(outcome.failure.reason, outcome.failure.retryAfterMs);
      }
      case 'failed': {
        const failure = outcome.failure;
        if (failure.code === WHATSAPP_OPT_OUT_CODE) {
          await store.optOut(row.client_id, recipient.phone, String(WHATSAPP_OPT_OUT_CODE));
          await store.settle(recipient.id, { state: 'skipped', reason: 'optout', detail: failure.reason });
          return { delayMs: 0 };
        }
        await store.settle(recipient.id, {
          state: 'failed',
          reason: failure.isDeliveryUnknown ? 'delivery_unknown' : 'provider',
          detail: failure.reason,
        });
        const pauseReason = pauseReasonOf(failure);
        if (pauseReason) {
          await pause(row, pauseReason);
          return { stop: true };
        }
        if (await store.failureRateExceeded(row.id)) {
          await pause(row, 'failure_rate');
          return { stop: true };
        }
        return { delayMs: delayAfterSend(row.id, row.pacing, await store.attempted(row.id)) };
      }
    }
  };

  /**
   * Recipients left `sending` by an earlier run. Without a message nothing was created, so it is pending
   * again. A message the provider may have received (`dispatching`) is never resent: the dispatch marks it
   * delivery unknown. A message still queued and never handed over (paced, or a pause code) is attempted
   * again while running, or dropped when the diffusion was cancelled.
   */
  const settleInFlight = async (store: RecipientStore, row: DiffusionRow): Promise<Next | undefined> => {
    const messagesRepo = createMessagesRepository(db);
    for (const recipient of await store.inFlight(row.id)) {
      if (!recipient.message_id) {
        await store.settle(recipient.id, { state: 'pending' });
        continue;
      }
      const message = await messagesRepo.findById(row.client_id, recipient.message_id);
      if (!message) {
        await store.settle(recipient.id, { state: 'failed', reason: 'provider', detail: 'message deleted' });
        continue;
      }
      if (message.status === 'error') {
        const unknown = message.error.startsWith('delivery unknown');
        await store.settle(recipient.id, {
          state: 'failed',
          reason: unknown ? 'delivery_unknown' : 'provider',
          detail: message.error,
        });
        continue;
      }
      if (message.status !== 'queue') {
        await store.settle(recipient.id, { state: 'sent' }, { providerId: message.message_id ?? '' });
        continue;
      }
      if (message.dispatch_state !== 'dispatching' && row.status !== 'running') {
        if (row.status === 'cancelled') {
          await messages.failSend(row.client_id, message.id, 'the diffusion was cancelled');
          await store.settle(recipient.id, { state: 'skipped', reason: 'cancelled' });
        }
        continue;
      }
      return settleOutcome(store, row, recipient, await messages.attemptSend(row.client_id, message.id, 1));
    }
    return undefined;
  };

  /** Answers the pause that applies before any send, or undefined. */
  const templateTrouble = async (row: DiffusionRow): Promise<PauseReason | undefined> => {
    if (row.message.type !== 'template') return undefined;
    const found = await db
      .select({ status: templates.status, quality: templates.quality })
      .from(templates)
      .where(
        and(eq(templates.client_id, row.client_id), sql`${templates.id}::text = ${row.message.template_id}`),
      );
    const template = found[0];
    if (template?.status !== 'APPROVED') return 'template_status';
    if (template.quality === 'RED') return 'template_quality';
    return undefined;
  };

  const companyTimeZone = async (clientId: string): Promise<string> => {
    const rows = await db
      .select({ timezone: clients.timezone })
      .from(clients)
      .where(eq(clients.id, clientId));
    return rows[0]?.timezone || 'UTC';
  };

  /** One recipient, claimed, checked in order, then sent. */
  const sendNext = async (store: RecipientStore, row: DiffusionRow, device: DeviceRow): Promise<Next> => {
    const isWhatsapp = device.type === 'whatsapp';
    const recipient = await store.claimNext(row.id);
    if (!recipient) {
      if (!(await store.hasPending(row.id))) await stopWith(row, 'completed', '', 'info.diffusionCompleted');
      return { stop: true };
    }
    if (await store.isOptedOut(row.client_id, recipient.phone)) {
      await store.settle(recipient.id, { state: 'skipped', reason: 'optout' });
      return { delayMs: 0 };
    }
    const contact = await contactOf(row, recipient);
    const lastInbound = contact.last_inbound_at?.getTime() ?? 0;
    if (isWhatsapp && row.message.type === 'chat' && Date.now() - lastInbound > DAY_MS) {
      // Outside the customer's 24 h window only a template may go.
      await store.settle(recipient.id, { state: 'skipped', reason: 'window' });
      return { delayMs: 0 };
    }
    if (isWhatsapp && device.messaging_limit !== null) {
      if ((await store.startedLast24h(device.id)) >= device.messaging_limit) {
        await store.settle(recipient.id, { state: 'pending' });
        await pause(row, 'messaging_limit');
        return { stop: true };
      }
    }
    const sender = { clientId: row.client_id, userId: row.user_id ?? '' };
    const fields: TemplateContext = {
      contact: { first_name: contact.first_name, last_name: contact.last_name, full_name: contact.full_name },
      user: { name: await creatorName(row) },
    };
    let template: MessageTemplate | null = null;
    if (row.message.type === 'template' && canSendTemplates(device)) {
      const found = await db
        .select({ name: templates.name, language: templates.language })
        .from(templates)
        .where(
          and(
            eq(templates.client_id, row.client_id),
            sql`${templates.id}::text = ${row.message.template_id}`,
          ),
        );
      const parameters = recipient.parameters.length > 0 ? recipient.parameters : row.message.parameters;
      template = found[0] ? templateFor(found[0], parameters, fields) : null;
    }
    const body =
      template === null
        ? fillPlaceholders(row.message.body, fields)
        : template.components.flatMap((component) => component.parameters.map((p) => p.text)).join('\n') ||
          template.name;
    let message: Message;
    try {
      message = await messages.queueBroadcast(
        sender,
        { device, contact, body, ...(template ? { template } : {}) },
        async (tx, stored) => {
          await tx.execute(sql`update diffusion_recipients set message_id = ${stored.id}, contact_id = ${contact.id}
          where id = ${recipient.id}`);
        },
      );
    } catch (error) {
      // No message left to spend (or the plan expired): the rest waits until the company buys more.
      if (!(error instanceof AppError && error.status === 412)) throw error;
      await store.settle(recipient.id, { state: 'pending' });
      await pause(row, 'quota');
      return { stop: true };
    }
    const sentAt = Date.now();
    const next = await settleOutcome(
      store,
      row,
      recipient,
      await messages.attemptSend(row.client_id, message.id, 1),
    );
    return 'stop' in next ? next : { ...next, since: sentAt };
  };

  const creatorName = async (row: DiffusionRow): Promise<string> => {
    if (!row.user_id) return '';
    const found = (await db.execute(
      sql`select name from users where client_id = ${row.client_id} and id = ${row.user_id}`,
    )) as unknown as { rows: { name: string }[] };
    return found.rows[0]?.name ?? '';
  };

  return {
    /** The job's run: throws Postpone to come back after the pacing's wait, returns when it stops. */
    async run(clientId: string, diffusionId: string): Promise<void> {
      const startedAt = Date.now();
      // The pacing is between sends: the wait counts from the moment the message went to the provider, so
      // the run's work after it is taken off (the rate keeps to the pacing, docs/BENCHMARKS.md) and the next
      // run's work before its send only adds to it (never two sends closer than the interval).
      const pacedAfter = ({ delayMs, since = startedAt }: { delayMs: number; since?: number }) =>
        new Postpone('diffusion pacing', Math.max(0, delayMs - (Date.now() - since)));
      const row = await diffusionsRepo.findById(clientId, diffusionId);
      if (!row) return;
      const store = createRecipientStore(db);
      const inFlight = await settleInFlight(store, row);
      if (row.status !== 'running') return;
      if (inFlight && 'stop' in inFlight) return;
      await announcer.progress(row);
      if (inFlight) throw pacedAfter(inFlight);
      const device = await createDevicesRepository(db).findById(clientId, row.device_id);
      if (!device) return;
      const wait = msUntilWindowOpens(row.send_window, new Date(), await companyTimeZone(clientId));
      if (wait === undefined) return;
      if (wait > 0) throw new Postpone('outside the send window', Math.min(wait, MAX_SLEEP_MS));
      if (row.max_monthly_responses > 0 && row.count_current_responses >= row.max_monthly_responses) {
        await store.skipPending(row.id, 'monthly');
        await stopWith(row, 'completed', '', 'info.diffusionCompleted');
        return;
      }
      const trouble = await templateTrouble(row);
      if (trouble) {
        await pause(row, trouble);
        return;
      }
      const next = await sendNext(store, row, device);
      if ('stop' in next) {
        const latest = await diffusionsRepo.findById(clientId, diffusionId);
        if (latest) await announcer.progress(latest, true);
        return;
      }
      await announcer.progress(row);
      throw pacedAfter(next);
    },
  };
};

/** WhatsApp's throughput, spam and pair-rate codes pause the diffusion. */
const pauseReasonOf = (failure: SendFailure): PauseReason | undefined =>
  failure.code === undefined ? undefined : WHATSAPP_PAUSE_CODES[failure.code];

export type DiffusionSender = ReturnType<typeof createDiffusionSender>;
