import {
  attachmentFitsType,
  BOT_MESSAGE_OWNER,
  type BotIntegrationType,
  canSendTemplates,
  composerState,
  countryOfPhone,
  DEFAULTS,
  fillPlaceholders,
  isDeviceConnected,
  locationBody,
  type Message,
  type MessageTemplate,
  type MessageType,
  type messageCreateFastSchema,
  type messageCreateSchema,
  type sendTemplateSchema,
  splitFullName,
} from '@conversa/domain';
import type { z } from 'zod';
import type { Executor } from '../../core/db/database';
import type { ContactRow, DeviceRow, MessageRow } from '../../core/db/schema';
import { AppError, badRequest, preconditionFailed } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { sniffContentType } from '../../core/storage/content-type';
import { createContactsRepository } from '../contacts/contacts.repository';
import { recordAssignment } from '../metrics/metric-events';
import { createStoredFiles } from '../storage/stored-files';
import type { MessageContext } from './message-context';
import { createOutboundQueue, type Outbound } from './outbound-queue';

type MessageCreate = z.output<typeof messageCreateSchema>;
type MessageCreateFast = z.output<typeof messageCreateFastSchema>;
type SendTemplate = z.output<typeof sendTemplateSchema>;

export type Attachment = { content: Buffer; filename: string };

/** The composer rule (packages/domain composer.ts), refused with the placeholder's own text. */
const assertMayWrite = (
  auth: AuthContext,
  user: { answer: boolean },
  device: DeviceRow,
  contact: Pick<ContactRow, 'derivedto' | 'answerbot'>,
) => {
  const state = composerState({
    userId: auth.userId,
    canAnswer: user.answer,
    isDeviceConnected: isDeviceConnected(device),
    derivedto: contact.derivedto,
    answerbot: contact.answerbot,
  });
  switch (state) {
    case 'noPermission':
      throw new AppError(403, 'composer.noPermission');
    case 'deviceInactive':
      throw new AppError(412, 'composer.deviceInactive', undefined, { device: device.name });
    case 'mustTake':
      throw new AppError(403, 'composer.mustTake');
    case 'takenByOther':
      throw new AppError(403, 'composer.takenByOther');
    case 'ready':
      return;
  }
};

/** An automatic message: its text, and the `tempId` naming what it answers (so it is stored once). */
type BotOutbound = Pick<Outbound, 'device' | 'contact' | 'body'> & { tempId: string };

/** An agent writes: a message, a first message to a new number, or a template. */
export const createMessageSending = (context: MessageContext) => {
  const { db, files } = context;
  const storedFiles = createStoredFiles({ db, files });
  const { queueOutbound, queueOutbounds, storeOutbounds } = createOutboundQueue(context);

  /** Starting a conversation (a new number, a template) takes it when nobody holds it. */
  const takeIfFree = async (auth: AuthContext, contact: ContactRow): Promise<ContactRow> => {
    if (contact.derivedto !== '' || contact.answerbot) return contact;
    const taken = await db.transaction(async (tx) => {
      const locked = await createContactsRepository(tx).lock(auth.clientId, contact.id, auth.userId);
      if (locked) {
        await recordAssignment(tx, auth.clientId, {
          contactId: contact.id,
          userId: auth.userId,
          at: new Date(),
        });
      }
      return locked;
    });
    return taken ?? (await context.loadContact(auth, contact.id));
  };

  /** An agent's file: its type comes from its bytes, whatever its name or the browser claim. */
  const storeAttachment = async (auth: AuthContext, type: MessageType, attachment: Attachment) => {
    const contentType = await sniffContentType(attachment.content);
    if (!attachmentFitsType(type, contentType)) {
      throw badRequest([{ path: 'attachment', message: 'validation.attachmentType' }]);
    }
    const key = await files.put(auth.clientId, {
      content: attachment.content,
      contentType,
      filename: attachment.filename,
    });
    return { key, filename: attachment.filename, mimetype: contentType, size: attachment.content.length };
  };

  /** A person's attachment counts against the plan's storage: past it the message is not stored (412). */
  const keepAttachment =
    (auth: AuthContext, stored: Awaited<ReturnType<typeof storeAttachment>>) =>
    async (tx: Executor, rows: MessageRow[]) => {
      for (const row of rows) {
        await storedFiles.keep(
          tx,
          auth.clientId,
          { key: stored.key, name: stored.filename, size: stored.size, mime: stored.mimetype },
          { module: 'message', referenceId: row.id, createdBy: auth.userId },
          { withinLimit: true },
        );
      }
    };

  return {
    /**
     * An answer bot's message: stored as the conversation's outbound message with the bot as its owner
     * (BOT_MESSAGE_OWNER, shown as "Bot" in the chat) and sent by the normal send job (paced, retried).
     * `tempId` names what it answers, so a bot job run twice finds its message already there. An answer
     * from the bot's provider (`botQuota`) spends one unit of that quota too; a handoff text does not.
     */
    queueBotMessage: (
      clientId: string,
      outbound: BotOutbound,
      botQuota?: BotIntegrationType,
    ): Promise<Message> =>
      queueOutbound({ clientId, userId: BOT_MESSAGE_OWNER }, { ...outbound, type: 'chat' }, { botQuota }),

    /** Several of the company's automatic messages in one transaction (a batch of confirmation replies). */
    queueBotMessages: (clientId: string, outbounds: BotOutbound[]): Promise<Message[]> =>
      queueOutbounds(
        { clientId, userId: BOT_MESSAGE_OWNER },
        outbounds.map((outbound) => ({ ...outbound, type: 'chat' as const })),
      ),

    /**
     * A diffusion's message to one recipient (or any message with reply buttons): stored as the
     * conversation's outbound message (its owner the sender, shown in the chat) without a send job; the
     * caller attempts it (attemptSend).
     */
    queueBroadcast: (
      sender: Pick<AuthContext, 'clientId' | 'userId'>,
      outbound: Pick<Outbound, 'device' | 'contact' | 'body' | 'template' | 'buttons'>,
      inTransaction: (tx: Executor, row: MessageRow) => Promise<void>,
    ): Promise<Message> =>
      queueOutbound(
        sender,
        { ...outbound, type: 'chat', tempId: undefined },
        {
          withSendJob: false,
          inTransaction: async (tx, rows) => {
            for (const row of rows) await inTransaction(tx, row);
          },
        },
      ),

    /**
     * A batch of confirmation requests (their reply buttons with them), stored as queueBroadcast stores one,
     * in one transaction, each given its send turn on its device's pacing; a row held by another
     * transaction longer than `lockTimeoutMs` fails the batch (isLockTimeout). Answers each request's
     * message id and turn, in the outbounds' order: the caller attempts each at its turn (attemptSend).
     */
    queueRequests: async (
      sender: Pick<AuthContext, 'clientId' | 'userId'>,
      outbounds: Pick<Outbound, 'device' | 'contact' | 'body' | 'template' | 'buttons'>[],
      options: { inTransaction: (tx: Executor, rows: MessageRow[]) => Promise<void>; lockTimeoutMs: number },
    ): Promise<{ id: string; turnAt: Date | null }[]> => {
      const { rows } = await storeOutbounds(
        sender,
        outbounds.map((outbound) => ({ ...outbound, type: 'chat' as const, tempId: undefined })),
        { withSendJob: false, withSendTurns: true, ...options },
      );
      return rows.map((row) => ({ id: row.id, turnAt: row.send_turn_at }));
    },

    async create(auth: AuthContext, input: MessageCreate, attachment?: Attachment): Promise<Message> {
      const [device, contact, user] = await Promise.all([
        context.loadDevice(auth, input.device_id),
        context.loadContact(auth, input.contact_id),
        context.loadSender(auth),
      ]);
      assertMayWrite(auth, user, device, contact);
      const isMedia = ['image', 'audio', 'video', 'document'].includes(input.type);
      if (isMedia && !attachment) throw badRequest([{ path: 'attachment', message: 'validation.required' }]);
      if (!isMedia && attachment)
        throw badRequest([{ path: 'attachment', message: 'validation.attachmentType' }]);
      const body =
        input.type === 'location' && input.lat !== undefined && input.lng !== undefined
          ? locationBody(input.lat, input.lng)
          : input.body;
      const stored = attachment ? await storeAttachment(auth, input.type, attachment) : undefined;
      try {
        return await queueOutbound(
          auth,
          {
            device,
            contact,
            type: input.type,
            body,
            tempId: input.temp_id,
            ...(stored ? { attachment: stored } : {}),
          },
          { byPerson: true, ...(stored ? { inTransaction: keepAttachment(auth, stored) } : {}) },
        );
      } catch (error) {
        if (stored) await files.delete(stored.key);
        throw error;
      }
    },

    async createFast(auth: AuthContext, input: MessageCreateFast): Promise<Message> {
      const [device, user] = await Promise.all([
        context.loadDevice(auth, input.device_id),
        context.loadSender(auth),
      ]);
      if (!user.answer) throw new AppError(403, 'composer.noPermission');
      const country = countryOfPhone(input.phone) ?? DEFAULTS.country;
      const existing = await createContactsRepository(db).findOrCreateByPhone(auth.clientId, {
        ...splitFullName(input.name || input.phone),
        phone: input.phone,
        country,
        device_id: device.id,
      });
      const contact = await takeIfFree(auth, existing);
      assertMayWrite(auth, user, device, contact);
      return queueOutbound(
        auth,
        { device, contact, type: 'chat', body: input.body, tempId: input.temp_id },
        { byPerson: true },
      );
    },

    async sendTemplate(auth: AuthContext, input: SendTemplate): Promise<Message> {
      const [device, found, user] = await Promise.all([
        context.loadDevice(auth, input.device_id),
        context.loadContact(auth, input.contact_id),
        context.loadSender(auth),
      ]);
      if (!canSendTemplates(device)) throw preconditionFailed('info.templateNotAllowed');
      if (!user.answer) throw new AppError(403, 'composer.noPermission');
      const contact = await takeIfFree(auth, found);
      assertMayWrite(auth, user, device, contact);
      const fields = {
        contact: {
          first_name: contact.first_name,
          last_name: contact.last_name,
          full_name: contact.full_name,
        },
        user: { name: user.name },
      };
      const template: MessageTemplate = {
        ...input.template,
        components: input.template.components.map((component) => ({
          ...component,
          parameters: component.parameters.map((parameter) => ({
            ...parameter,
            text: fillPlaceholders(parameter.text, fields),
          })),
        })),
      };
      const body = template.components
        .flatMap((component) => component.parameters.map((p) => p.text))
        .join('\n');
      return queueOutbound(
        auth,
        { device, contact, type: 'chat', body: body || template.name, tempId: input.temp_id, template },
        { byPerson: true },
      );
    },
  };
};
