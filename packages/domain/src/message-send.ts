import { z } from 'zod';
import { PAGE_SIZE } from './constants';
import { normalizePhone } from './countries';
import { INT4_MAX, refineSafeInput } from './input-limits';
import {
  MESSAGE_STATUSES,
  type MessageStatus,
  type MessageType,
  SENDABLE_MESSAGE_TYPES,
  TEMP_ID_PATTERN,
} from './message';

export type Message = {
  id: string;
  client_id: string;
  contact_id: string;
  device_id: string | null;
  body: string;
  type: MessageType;
  fromMe: boolean;
  /** The provider's id; '' until the provider accepted an outbound message. */
  message_id: string;
  status: MessageStatus;
  timestamp: string;
  create_date: string;
  owner: string;
  temp_id: string;
  /** A signed, expiring URL of the attached file, '' when there is none. */
  attachment: string;
  filename: string;
  starred: boolean;
  selected: boolean;
  deleted: boolean;
  template: MessageTemplate | null;
  /** Reply buttons an outbound message offers (a confirmation request's two), [] for none. */
  buttons: MessageButton[];
  /** The id of the button an inbound message pressed ('' for a typed message); its body is the title. */
  button_reply: string;
  /** The message this one answers or reacts to, null when none (API.md part 3, "Every inbound kind shown"). */
  quoted: QuotedMessage | null;
  /** A shared contact card's people, [] for any other message. */
  contacts: SharedContact[];
  error: string;
};

/**
 * A quoted (or reacted-to) message: `message_id` is the provider's id; the others are those of the message
 * stored with that id on the same device, or '', '', '', false when there is none.
 */
export type QuotedMessage = {
  id: string;
  message_id: string;
  type: MessageType | '';
  body: string;
  fromMe: boolean;
};

/** One person of a shared contact card: phones as digits only. */
export type SharedContact = { name: string; phones: string[]; emails: string[] };

/** A reply button: its id comes back with the customer's press (API.md part 3 §4). */
export type MessageButton = { id: string; title: string };
/** WhatsApp and the sandbox offer at most three reply buttons. */
export const MAX_MESSAGE_BUTTONS = 3;

export const templateSchema = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  components: z
    .array(
      z.object({
        type: z.string().max(20),
        parameters: z
          .array(z.object({ type: z.literal('text'), text: z.string().trim().min(1).max(1024) }))
          .max(20)
          .default([]),
      }),
    )
    .max(10)
    .default([]),
});
export type MessageTemplate = z.output<typeof templateSchema>;

const idField = () => z.string().min(1).max(64);

/** `POST message/create`: JSON, or multipart form fields (numbers arrive as text) plus `attachment`. */
export const messageCreateSchema = z
  .object({
    type: z.enum(SENDABLE_MESSAGE_TYPES).default('chat'),
    body: z.string().max(4096).default(''),
    device_id: idField(),
    contact_id: idField(),
    temp_id: z.string().regex(TEMP_ID_PATTERN).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    address: z.string().max(500).optional(),
  })
  .superRefine((input, ctx) => {
    // Multipart fields reach this schema without passing the server's input guard.
    refineSafeInput(input, ctx);
    if (input.type === 'chat' && input.body.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'validation.required' });
    }
    if (input.type === 'location') {
      if (input.lat === undefined)
        ctx.addIssue({ code: 'custom', path: ['lat'], message: 'validation.required' });
      if (input.lng === undefined)
        ctx.addIssue({ code: 'custom', path: ['lng'], message: 'validation.required' });
    }
  });
export type MessageCreateInput = z.input<typeof messageCreateSchema>;

/** `POST message/createfast`: a text to a phone, the contact created when it does not exist yet. */
export const messageCreateFastSchema = z.object({
  phone: z
    .string()
    .transform(normalizePhone)
    .pipe(z.string().regex(/^\d{8,15}$/, 'validation.phone')),
  name: z.string().trim().max(120).default(''),
  body: z.string().trim().min(1, 'validation.required').max(4096),
  device_id: idField(),
  temp_id: z.string().regex(TEMP_ID_PATTERN).optional(),
});

export const sendTemplateSchema = z.object({
  contact_id: idField(),
  device_id: idField(),
  template: templateSchema,
  temp_id: z.string().regex(TEMP_ID_PATTERN).optional(),
});

export const messagePageSchema = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  offset: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.messages),
});

export const messageSearchSchema = messagePageSchema.extend({
  phone: z.string().transform(normalizePhone).pipe(z.string().min(1, 'validation.required')),
});

/** Fields of a message a person may change (socket `msg` updateone). */
export const messageUpdateSchema = z
  .object({ starred: z.boolean(), selected: z.boolean() })
  .partial()
  .strict();

export const messageStatusSchema = z.enum(MESSAGE_STATUSES);

/**
 * Whether an attachment's real content (its detected MIME type) fits the message type: an image message
 * must carry an image, and so on. Documents may be anything but media of the other kinds' checks.
 */
export const attachmentFitsType = (type: MessageType, mime: string | undefined): boolean => {
  switch (type) {
    case 'image':
      return mime?.startsWith('image/') ?? false;
    case 'audio':
      return (mime?.startsWith('audio/') ?? false) || mime === 'video/ogg' || mime === 'application/ogg';
    case 'video':
      return mime?.startsWith('video/') ?? false;
    case 'document':
      return true;
    default:
      return false;
  }
};
