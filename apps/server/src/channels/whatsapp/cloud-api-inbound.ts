import type { MessageStatus, MessageType, SharedContact } from '@conversa/domain';
import { z } from 'zod';
import { badRequest } from '../../core/http/app-error';
import type { InboundEvent, InboundMedia, InboundTemplateEvent } from '../channel-adapter';

const mediaSchema = z.object({
  id: z.string(),
  mime_type: z.string().default(''),
  caption: z.string().default(''),
  filename: z.string().default(''),
});

const messageSchema = z.looseObject({
  from: z.string(),
  id: z.string().min(1),
  timestamp: z.string().default(''),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  image: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  video: mediaSchema.optional(),
  document: mediaSchema.optional(),
  sticker: mediaSchema.optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.object({ id: z.string(), title: z.string() }).optional(),
    })
    .optional(),
  button: z.object({ text: z.string(), payload: z.string().default('') }).optional(),
  // A shared contact card: one entry per person.
  contacts: z
    .array(
      z.looseObject({
        name: z
          .looseObject({
            formatted_name: z.string().default(''),
            first_name: z.string().default(''),
            last_name: z.string().default(''),
          })
          .optional(),
        phones: z
          .array(z.looseObject({ phone: z.string().default(''), wa_id: z.string().optional() }))
          .default([]),
        emails: z.array(z.looseObject({ email: z.string().default('') })).default([]),
      }),
    )
    .optional(),
  // No emoji (left out or empty) takes the customer's reaction back.
  reaction: z.looseObject({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  // The message a reply quotes; a forwarded message has a context without an id.
  context: z.looseObject({ id: z.string().optional() }).optional(),
  unsupported: z.looseObject({ type: z.string().optional() }).optional(),
});

const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  errors: z
    .array(
      z.looseObject({
        code: z.number().optional(),
        title: z.string().default(''),
        message: z.string().optional(),
      }),
    )
    .default([]),
});

const payloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      /** The WhatsApp Business account, for the template changes. */
      id: z.string().default(''),
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.looseObject({
            metadata: z.looseObject({ phone_number_id: z.string() }).optional(),
            contacts: z
              .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() }))
              .default([]),
            messages: z.array(messageSchema).default([]),
            statuses: z.array(statusSchema).default([]),
            // message_template_status_update and message_template_quality_update
            message_template_id: z.union([z.string(), z.number()]).optional(),
            message_template_name: z.string().default(''),
            message_template_language: z.string().default(''),
            event: z.string().optional(),
            reason: z.string().nullish(),
            new_quality_score: z.string().optional(),
          }),
        }),
      ),
    }),
  ),
});

type WhatsappMessage = z.infer<typeof messageSchema>;

const STATUS_OF: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'recive',
  read: 'read',
  failed: 'error',
};

const MEDIA_TYPES = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'document',
  sticker: 'image',
} as const;

type Content = {
  type: MessageType;
  body: string;
  media?: InboundMedia;
  buttonReply?: string;
  quotedProviderId?: string;
  contacts?: SharedContact[];
};

/** What the product stores of a kind it does not read: the provider's name for it, never nothing. */
const unsupported = (message: WhatsappMessage): Content => ({
  type: 'unsupported',
  body: message.unsupported?.type || message.type,
});

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * A contact card: each person's name (formatted_name), phones as digits (the wa_id when given) and
 * e-mails; the body one line per person, the name and the phones as the customer's phone wrote them.
 */
const contactCard = (cards: NonNullable<WhatsappMessage['contacts']>): Content => {
  const contacts = cards.map(
    (card): SharedContact => ({
      name:
        card.name?.formatted_name || [card.name?.first_name, card.name?.last_name].filter(Boolean).join(' '),
      phones: card.phones.map((phone) => phone.wa_id || digitsOf(phone.phone)).filter(Boolean),
      emails: card.emails.map((email) => email.email).filter(Boolean),
    }),
  );
  const lines = cards.map((card, index) =>
    [contacts[index]?.name, card.phones.map((phone) => phone.phone || phone.wa_id).join(', ')]
      .filter(Boolean)
      .join(' '),
  );
  return { type: 'contact', body: lines.join('\n'), contacts };
};

/**
 * One WhatsApp message in the product's words (API.md part 3, "Every inbound kind shown"); a kind the
 * product has no place for is stored as 'unsupported', named. `removed` is a reaction taken back.
 */
const toContent = (message: WhatsappMessage): Content | { removed: string } => {
  if (message.type === 'text' && message.text) return { type: 'chat', body: message.text.body };
  if (message.type === 'location' && message.location) {
    return { type: 'location', body: `${message.location.latitude};${message.location.longitude}` };
  }
  if (message.type === 'interactive' && message.interactive) {
    const reply = message.interactive.button_reply ?? message.interactive.list_reply;
    return reply ? { type: 'chat', body: reply.title, buttonReply: reply.id } : unsupported(message);
  }
  // A template's quick-reply button: its payload is what the template was sent with.
  if (message.type === 'button' && message.button) {
    return { type: 'chat', body: message.button.text, buttonReply: message.button.payload };
  }
  if (message.type === 'reaction' && message.reaction) {
    const { emoji, message_id } = message.reaction;
    if (!emoji) return { removed: message_id };
    return { type: 'reaction', body: emoji, quotedProviderId: message_id };
  }
  if (message.type === 'contacts' && message.contacts && message.contacts.length > 0) {
    return contactCard(message.contacts);
  }
  if (Object.hasOwn(MEDIA_TYPES, message.type)) {
    const media = message[message.type as keyof typeof MEDIA_TYPES];
    if (!media) return unsupported(message);
    return {
      type: MEDIA_TYPES[message.type as keyof typeof MEDIA_TYPES],
      body: media.caption,
      media: {
        ref: media.id,
        mimetype: media.mime_type,
        filename: media.filename || `${message.type}-${media.id}`,
      },
    };
  }
  return unsupported(message);
};

type WhatsappEntry = z.infer<typeof payloadSchema>['entry'][number];

/**
 * The template changes of the device's own WhatsApp Business account: a review status (APPROVED, REJECTED,
 * PAUSED, DISABLED… with Meta's reason, "NONE" meaning none) or a new quality score.
 */
const templateEvents = (entries: WhatsappEntry[], ownAccount: string): InboundTemplateEvent[] =>
  entries
    .filter((entry) => !ownAccount || !entry.id || entry.id === ownAccount)
    .flatMap((entry) => entry.changes)
    .flatMap(({ field, value }): InboundTemplateEvent[] => {
      if (value.message_template_id === undefined) return [];
      const base = {
        kind: 'template' as const,
        providerTemplateId: String(value.message_template_id),
        name: value.message_template_name,
        language: value.message_template_language,
      };
      if (field === 'message_template_status_update' && value.event) {
        const reason = value.reason && value.reason !== 'NONE' ? value.reason : '';
        return [{ ...base, status: value.event.toUpperCase(), reason }];
      }
      if (field === 'message_template_quality_update' && value.new_quality_score) {
        return [{ ...base, quality: value.new_quality_score.toUpperCase() }];
      }
      return [];
    });

/**
 * A Cloud API webhook payload in the product's events: customers' messages, receipts and template changes.
 * The WhatsApp adapter and 360dialog (which delivers the same format) read it here. `ownNumber` keeps only
 * the changes of one phone number id ('' takes every one: a 360dialog key is one number); `ownAccount`
 * the template changes of one WhatsApp Business account.
 */
export const parseCloudApiPayload = (
  body: unknown,
  own: { ownNumber: string; ownAccount: string },
): InboundEvent[] => {
  const parsed = payloadSchema.safeParse(body);
  if (!parsed.success) throw badRequest([{ path: 'entry', message: 'validation.invalid' }]);
  const events: InboundEvent[] = [];
  events.push(...templateEvents(parsed.data.entry, own.ownAccount));
  for (const change of parsed.data.entry.flatMap((entry) => entry.changes)) {
    const value = change.value;
    if (change.field !== 'messages') continue;
    if (value.metadata && own.ownNumber && value.metadata.phone_number_id !== own.ownNumber) continue;
    for (const message of value.messages) {
      const content = toContent(message);
      const profile = value.contacts.find((contact) => contact.wa_id === message.from)?.profile;
      const from = { phone: message.from, name: profile?.name ?? '' };
      if ('removed' in content) {
        events.push({
          kind: 'reaction_removed',
          providerMessageId: message.id,
          from,
          quotedProviderId: content.removed,
        });
        continue;
      }
      const seconds = Number(message.timestamp);
      const quoted = content.quotedProviderId ?? message.context?.id;
      events.push({
        kind: 'message',
        providerMessageId: message.id,
        from,
        type: content.type,
        body: content.body,
        timestamp: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
        ...(content.media ? { media: content.media } : {}),
        ...(content.buttonReply ? { buttonReply: content.buttonReply } : {}),
        ...(quoted ? { quotedProviderId: quoted } : {}),
        ...(content.contacts ? { contacts: content.contacts } : {}),
      });
    }
    for (const status of value.statuses) {
      const mapped = STATUS_OF[status.status];
      if (!mapped) continue;
      const error = status.errors[0];
      events.push({
        kind: 'status',
        providerMessageId: status.id,
        status: mapped,
        ...(mapped === 'error'
          ? {
              reason: error
                ? `${error.message ?? error.title}${error.code === undefined ? '' : ` (#${error.code})`}`
                : 'the provider reported a failure',
            }
          : {}),
      });
    }
  }
  return events;
};
