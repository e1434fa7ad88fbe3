import { CHANNEL_TYPES, hasNul, storableProviderValue } from '@conversa/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type {
  InboundEvent,
  InboundSessionEvent,
  InboundTemplateEvent,
  WebhookRequest,
} from '../../channels/channel-adapter';
import type { ChannelRegistry } from '../../channels/channel-registry';
import { hasSandboxSecret } from '../../channels/sandbox/sandbox.adapter';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import { ok } from '../../core/http/envelope';
import { isUuid } from '../../core/http/route-schemas';
import type { DeviceSessions } from '../devices/device-sessions';
import type { MessagesService } from '../messages/messages.service';
import type { TemplatesService } from '../templates/templates.service';
import { createWebhookDevices } from './webhook-devices';

export type WebhooksOptions = {
  db: Database;
  box: SecretBox;
  /** Device changes in this process drop the webhooks' cached copy at once. */
  events: EventBus;
  channels: ChannelRegistry;
  messages: MessagesService;
  /** Where the provider's template review and quality changes go. */
  templates: Pick<TemplatesService, 'receiveUpdates'>;
  /** Where an unofficial gateway's session changes go (the devices module reads the gateway again). */
  sessions: Pick<DeviceSessions, 'receive'>;
};

/** Meta batches up to a thousand events in one delivery, far over Fastify's default 1 MB. */
export const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;

type MessagingEvent = Exclude<InboundEvent, InboundTemplateEvent | InboundSessionEvent>;

const isTemplateEvent = (event: InboundEvent): event is InboundTemplateEvent => event.kind === 'template';
const isSessionEvent = (event: InboundEvent): event is InboundSessionEvent => event.kind === 'session';

/** A template change PostgreSQL could not store (a NUL in any of its texts) is refused like a message's. */
const templateHoldsNul = (event: InboundTemplateEvent): boolean =>
  [event.providerTemplateId, event.status ?? '', event.reason ?? '', event.quality ?? ''].some(hasNul);

const holdsNulId = (event: MessagingEvent): boolean =>
  hasNul(event.providerMessageId) ||
  (event.kind === 'message' && (hasNul(event.from.phone) || hasNul(event.media?.ref ?? '')));

/**
 * An id keeps its identity: one with a NUL was refused before; one with a lone surrogate becomes what
 * PostgreSQL's text would hold anyway (UTF-8 has no lone surrogates), so a retry still finds it.
 */
const storableEvent = <T extends InboundEvent>(event: T): T => storableProviderValue(event) as T;

const params = z.object({ provider: z.enum(CHANNEL_TYPES), deviceId: z.string().min(1).max(64) });

/**
 * Provider webhooks, one route for every provider: the device named in the URL picks the tenant and the
 * adapter; the adapter proves the call came from the provider, then normalises it; the messages service
 * stores it. The answer is 200 only once the delivery is committed, so a provider retries on any failure.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksOptions> = async (app, options) => {
  const devices = createWebhookDevices(options.db, options.box, options.events);
  app.addHook('onClose', async () => devices.close());
  const rawBodies = new WeakMap<FastifyRequest, string>();

  // Signatures (Meta's X-Hub-Signature-256) are computed over the exact bytes, so keep the text too.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (request, body, done) => {
      const text = String(body);
      rawBodies.set(request, text);
      try {
        done(null, text === '' ? {} : JSON.parse(text));
      } catch {
        done(new AppError(400, 'info.invalidData'), undefined);
      }
    },
  );

  // Twilio posts form parameters and signs them with the URL it called: the text is kept for that check.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (request, body, done) => {
      const text = String(body);
      rawBodies.set(request, text);
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  const toWebhookRequest = (request: FastifyRequest): WebhookRequest => ({
    headers: request.headers,
    query: (request.query ?? {}) as Record<string, unknown>,
    rawBody: rawBodies.get(request),
    rawQuery: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
  });

  /** The device a webhook names, if it exists and is of that provider; 404 otherwise, leaking nothing. */
  const deviceFor = async (provider: string, deviceId: string) => {
    const device = isUuid(deviceId) ? await devices.find(deviceId) : undefined;
    if (!device || device.row.type !== provider) throw notFound();
    return device;
  };

  app.get(
    '/webhooks/sandbox/:deviceId/outbox',
    {
      schema: {
        tags: ['webhooks'],
        summary: "Sandbox: what the simulated customer's phone received (X-Sandbox-Secret header)",
        params: z.object({ deviceId: z.string().min(1).max(64) }),
        querystring: z.object({ phone: z.string().min(1).max(32) }),
      },
      config: { isPublic: true },
    },
    async (request) => {
      const device = await deviceFor('sandbox', request.params.deviceId);
      if (!hasSandboxSecret(request, device.channel)) throw new AppError(401, 'info.invalidToken');
      const phone = request.query.phone.replace(/[+\s\-()]/g, '');
      return ok(request.locale, await options.messages.outbox(device.row, phone));
    },
  );

  app.get(
    '/webhooks/:provider/:deviceId',
    {
      schema: { tags: ['webhooks'], summary: "A provider's subscription handshake", params },
      config: { isPublic: true },
    },
    async (request, reply) => {
      const device = await deviceFor(request.params.provider, request.params.deviceId);
      const adapter = options.channels[device.row.type];
      const answer = adapter.handshake?.(toWebhookRequest(request), device.channel);
      if (!answer) throw notFound();
      return reply.status(answer.status).type('text/plain').send(answer.body);
    },
  );

  app.post(
    '/webhooks/:provider/:deviceId',
    {
      schema: { tags: ['webhooks'], summary: 'A provider delivers messages or receipts', params },
      config: { isPublic: true, providerPayload: true },
      bodyLimit: WEBHOOK_BODY_LIMIT,
    },
    async (request) => {
      const device = await deviceFor(request.params.provider, request.params.deviceId);
      const adapter = options.channels[device.row.type];
      // Proof first: a delivery that is not the provider's changes nothing at all.
      if (!adapter.verifyWebhook(toWebhookRequest(request), device.channel).ok) {
        throw new AppError(401, 'info.invalidToken');
      }
      const inbound = adapter.parseWebhook(request.body, device.channel);
      // Provider ids are identities: one with a NUL, which PostgreSQL cannot hold, is refused, not altered.
      // The rest of the delivery is stored first, so a provider retrying it loses nothing and adds nothing.
      const templateEvents = inbound.filter(isTemplateEvent);
      const sessionEvents = inbound.filter(isSessionEvent);
      const messageEvents = inbound.filter(
        (event): event is MessagingEvent => !isTemplateEvent(event) && !isSessionEvent(event),
      );
      const storable = messageEvents.filter((event) => !holdsNulId(event)).map(storableEvent);
      const storableTemplates = templateEvents.filter((event) => !templateHoldsNul(event)).map(storableEvent);
      await options.messages.receive(device.row, storable);
      await options.templates.receiveUpdates(device.row, storableTemplates);
      await options.sessions.receive(device.row, sessionEvents);
      if (storable.length + storableTemplates.length + sessionEvents.length < inbound.length) {
        throw badRequest([{ path: 'id', message: 'validation.nulCharacter' }]);
      }
      return adapter.webhookReply?.(inbound) ?? ok(request.locale, [], { info: 'info.webhookReceived' });
    },
  );
};
