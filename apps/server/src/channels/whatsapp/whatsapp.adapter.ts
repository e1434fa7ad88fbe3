import { type MessageStatus, type MessageType, parseLocationBody } from '@conversa/domain';
import { z } from 'zod';
import { badRequest } from '../../core/http/app-error';
import type {
  ChannelAdapter,
  ChannelDevice,
  ChannelOptions,
  InboundEvent,
  InboundTemplateEvent,
  OutboundMessage,
  ProviderTemplate,
  SendResult,
  TemplateCallResult,
} from '../channel-adapter';
import {
  bearer,
  graphFailure,
  graphSendResult,
  metaHandshake,
  verifyMetaSignature,
} from '../meta/meta-webhook';
import { callProvider, downloadFile, failureOfCall, type ProviderAnswer, pickText } from '../provider-http';

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

/** One WhatsApp message in the product's words; kinds the product has no place for are left out. */
const toContent = (
  message: WhatsappMessage,
):
  | {
      type: MessageType;
      body: string;
      media?: { ref: string; mimetype: string; filename: string };
      buttonReply?: string;
    }
  | undefined => {
  if (message.type === 'text' && message.text) return { type: 'chat', body: message.text.body };
  if (message.type === 'location' && message.location) {
    return { type: 'location', body: `${message.location.latitude};${message.location.longitude}` };
  }
  if (message.type === 'interactive' && message.interactive) {
    const reply = message.interactive.button_reply ?? message.interactive.list_reply;
    return reply ? { type: 'chat', body: reply.title, buttonReply: reply.id } : undefined;
  }
  // A template's quick-reply button: its payload is what the template was sent with.
  if (message.type === 'button' && message.button) {
    return { type: 'chat', body: message.button.text, buttonReply: message.button.payload };
  }
  if (message.type in MEDIA_TYPES) {
    const media = message[message.type as keyof typeof MEDIA_TYPES];
    if (!media) return undefined;
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
  return undefined;
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

const configText = (device: ChannelDevice, key: string) => {
  const value = device.config[key];
  return typeof value === 'string' ? value : '';
};

/** Cloud API limits of an interactive reply buttons message. */
const INTERACTIVE_BODY_MAX = 1024;
const BUTTON_TITLE_MAX = 20;

/** A title cut to WhatsApp's 20 characters, never halving an emoji. */
const buttonTitle = (title: string) => Array.from(title).slice(0, BUTTON_TITLE_MAX).join('');

/** The Cloud API body of one outbound message (POST /{phone-number-id}/messages). */
const toRequestBody = (message: OutboundMessage): Record<string, unknown> | string => {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  if (message.template) {
    return {
      ...base,
      type: 'template',
      template: {
        name: message.template.name,
        language: { code: message.template.language },
        components: message.template.components.map((component) => ({
          type: component.type.toLowerCase(),
          parameters: component.parameters,
        })),
      },
    };
  }
  switch (message.type) {
    case 'chat':
      // A text too long for an interactive message goes without its buttons: a typed answer still counts.
      if (message.buttons.length > 0 && Array.from(message.body).length <= INTERACTIVE_BODY_MAX) {
        return {
          ...base,
          type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: message.body },
            action: {
              buttons: message.buttons.map((button) => ({
                type: 'reply',
                reply: { id: button.id, title: buttonTitle(button.title) },
              })),
            },
          },
        };
      }
      return { ...base, type: 'text', text: { preview_url: false, body: message.body } };
    case 'location': {
      const point = parseLocationBody(message.body);
      if (!point) return 'the location is not valid';
      return { ...base, type: 'location', location: { latitude: point.lat, longitude: point.lng } };
    }
    default: {
      if (!message.attachmentUrl) return 'the attachment is missing';
      const media: Record<string, string> = { link: message.attachmentUrl };
      if (message.body && message.type !== 'audio') media.caption = message.body;
      if (message.type === 'document' && message.filename) media.filename = message.filename;
      return { ...base, type: message.type, [message.type]: media };
    }
  }
};

/** Graph's refusal of a template call in its own words (error_user_msg when Meta gives one). */
const templateFailure = (answer: ProviderAnswer): TemplateCallResult => ({
  ok: false,
  status: answer.status,
  reason:
    pickText(answer.body, 'error', 'error_user_msg') ||
    pickText(answer.body, 'error', 'message') ||
    `HTTP ${answer.status}`,
});

/**
 * WhatsApp Business Cloud API (official mode). Webhooks are signed with the app secret; sends go to
 * POST {GRAPH}/{phone_number_id}/messages with the access token. Meta delivers every number of an app to
 * the one callback URL configured for it, so each device keeps only the changes of its own phone_number_id.
 */
export const createWhatsappAdapter = (options: ChannelOptions): ChannelAdapter => {
  const graph = (path: string) => `${options.graphApiUrl}/${path}`;
  const timeout = options.providerTimeoutMs;

  return {
    type: 'whatsapp',
    // Cloud API throughput: 80 messages per second per business number.
    pacing: { perSecond: 80 },
    verifyWebhook: verifyMetaSignature,
    handshake: metaHandshake,

    parseWebhook(body, device): InboundEvent[] {
      const parsed = payloadSchema.safeParse(body);
      if (!parsed.success) throw badRequest([{ path: 'entry', message: 'validation.invalid' }]);
      const ownNumber = configText(device, 'phone_number_id');
      const events: InboundEvent[] = [];
      events.push(...templateEvents(parsed.data.entry, configText(device, 'waba_id')));
      for (const change of parsed.data.entry.flatMap((entry) => entry.changes)) {
        const value = change.value;
        if (change.field !== 'messages') continue;
        if (value.metadata && ownNumber && value.metadata.phone_number_id !== ownNumber) continue;
        for (const message of value.messages) {
          const content = toContent(message);
          if (!content) continue;
          const profile = value.contacts.find((contact) => contact.wa_id === message.from)?.profile;
          const seconds = Number(message.timestamp);
          events.push({
            kind: 'message',
            providerMessageId: message.id,
            from: { phone: message.from, name: profile?.name ?? '' },
            type: content.type,
            body: content.body,
            timestamp: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
            ...(content.media ? { media: content.media } : {}),
            ...(content.buttonReply ? { buttonReply: content.buttonReply } : {}),
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
    },

    async send(device, message): Promise<SendResult> {
      const body = toRequestBody(message);
      if (typeof body === 'string') return { ok: false, retryable: false, reason: body };
      try {
        const answer = await callProvider(
          graph(`${configText(device, 'phone_number_id')}/messages`),
          { json: body, headers: bearer(configText(device, 'access_token')) },
          timeout,
        );
        return graphSendResult(answer, 'messages', 0, 'id');
      } catch (error) {
        return failureOfCall(error);
      }
    },

    /**
     * Credentials check: the phone number must be readable with the token. The Cloud API is the official
     * mode; an unofficial (personal account bridge) device has no bridge here and stays disconnected.
     */
    async connect(device) {
      if (device.mode !== 'official') return { status: 'disconnected', config: device.config };
      try {
        const answer = await callProvider(
          graph(configText(device, 'phone_number_id')),
          { headers: bearer(configText(device, 'access_token')) },
          timeout,
        );
        return { status: answer.status === 200 ? 'connected' : 'disconnected', config: device.config };
      } catch {
        return { status: 'disconnected', config: device.config };
      }
    },

    /**
     * Inbound media: GET /{media-id} gives a short-lived URL, itself downloaded with the same token. That
     * URL is on Meta's CDN, not under GRAPH_API_URL, so it is checked like any outside URL; only one
     * under the configured Graph origin is trusted as the Graph API itself.
     */
    async downloadMedia(device, media) {
      const headers = bearer(configText(device, 'access_token'));
      const answer = await callProvider(graph(media.ref), { headers }, timeout);
      const url = pickText(answer.body, 'url');
      if (answer.status !== 200 || !url) throw new Error(`media lookup answered ${answer.status}`);
      return downloadFile(
        url,
        {
          headers,
          timeoutMs: timeout,
          allowHosts: options.outboundAllowHosts,
          trustedOrigin: new URL(options.graphApiUrl).origin,
        },
        media.filename,
      );
    },

    async createTemplate(device, template): Promise<TemplateCallResult> {
      try {
        const answer = await callProvider(
          graph(`${configText(device, 'waba_id')}/message_templates`),
          { json: template, headers: bearer(configText(device, 'access_token')) },
          timeout,
        );
        if (answer.status !== 200) return templateFailure(answer);
        return {
          ok: true,
          providerId: pickText(answer.body, 'id'),
          status: pickText(answer.body, 'status') || 'PENDING',
        };
      } catch (error) {
        return { ok: false, status: 502, reason: error instanceof Error ? error.message : String(error) };
      }
    },

    /** Graph's edit is a POST to the template's own id; Meta reviews the new content (PENDING). */
    async editTemplate(device, { providerId, category, components }): Promise<TemplateCallResult> {
      try {
        const answer = await callProvider(
          graph(encodeURIComponent(providerId)),
          {
            json: { components, ...(category ? { category } : {}) },
            headers: bearer(configText(device, 'access_token')),
          },
          timeout,
        );
        if (answer.status !== 200) return templateFailure(answer);
        return { ok: true, providerId, status: 'PENDING' };
      } catch (error) {
        return { ok: false, status: 502, reason: error instanceof Error ? error.message : String(error) };
      }
    },

    async deleteTemplate(device, { name, providerId }): Promise<TemplateCallResult> {
      const query = new URLSearchParams({ name, ...(providerId ? { hsm_id: providerId } : {}) });
      try {
        const answer = await callProvider(
          graph(`${configText(device, 'waba_id')}/message_templates?${query}`),
          { method: 'DELETE', headers: bearer(configText(device, 'access_token')) },
          timeout,
        );
        if (answer.status !== 200) return templateFailure(answer);
        return { ok: true, providerId: '', status: 'DELETED' };
      } catch (error) {
        return { ok: false, status: 502, reason: error instanceof Error ? error.message : String(error) };
      }
    },

    async listTemplates(device): Promise<ProviderTemplate[]> {
      const headers = bearer(configText(device, 'access_token'));
      const found: ProviderTemplate[] = [];
      let url: string | undefined = graph(
        `${configText(device, 'waba_id')}/message_templates?fields=id,name,language,status,category,quality_score,components&limit=100`,
      );
      // Paged by Graph's cursors; a WhatsApp Business account holds at most a few hundred templates.
      for (let page = 0; url && page < 50; page += 1) {
        const answer = await callProvider(url, { headers }, timeout);
        if (answer.status !== 200) throw new Error(graphFailure(answer).reason);
        const data = z
          .array(
            z.looseObject({
              id: z.string().default(''),
              name: z.string(),
              language: z.string(),
              status: z.string().default(''),
              category: z.string().default(''),
              quality_score: z.looseObject({ score: z.string().default('UNKNOWN') }).optional(),
              components: z.array(z.looseObject({ type: z.string() })).default([]),
            }),
          )
          .parse((answer.body as { data?: unknown }).data ?? []);
        for (const template of data) {
          found.push({
            providerId: template.id,
            name: template.name,
            language: template.language,
            status: template.status,
            category: template.category,
            quality: template.quality_score?.score.toUpperCase() ?? 'UNKNOWN',
            components: template.components,
          });
        }
        const next = pickText(answer.body, 'paging', 'next');
        // The next page's URL comes from the answer; the token goes only to the Graph API itself.
        if (next && new URL(next).origin !== new URL(options.graphApiUrl).origin) {
          throw new Error('the next page of templates points outside the Graph API');
        }
        url = next || undefined;
      }
      return found;
    },
  };
};
