import { randomBytes } from 'node:crypto';
import { deviceWebhookUrl } from '@conversa/domain';
import { z } from 'zod';
import { safeEqual } from '../../core/crypto/secret-box';
import type {
  ChannelAdapter,
  ChannelDevice,
  ChannelOptions,
  ProviderTemplate,
  SendResult,
  TemplateCallResult,
} from '../channel-adapter';
import { graphFailure, graphSendResult } from '../meta/meta-webhook';
import { callProvider, downloadFile, failureOfCall, type ProviderAnswer, pickText } from '../provider-http';
import { parseCloudApiPayload } from '../whatsapp/cloud-api-inbound';
import { cloudApiRequestBody } from '../whatsapp/cloud-api-outbound';

/** The header 360dialog is told to send with every delivery, carrying the device's webhook_secret. */
export const D360_SECRET_HEADER = 'x-conversa-webhook-secret';

/** Where Meta's media URLs point; 360dialog serves the same paths under its own base, with its key. */
const META_MEDIA_ORIGIN = 'https://lookaside.fbsbx.com';

/** 360dialog lists at most this many templates per page (its `limit`). */
const TEMPLATES_PAGE = 1000;

const configText = (device: ChannelDevice, key: string) => {
  const value = device.config[key];
  return typeof value === 'string' ? value : '';
};

/** A fresh webhook secret: 32 random URL-safe characters, never the API key itself. */
const newWebhookSecret = (apiKey: string): string => {
  const secret = randomBytes(24).toString('base64url');
  return secret === apiKey ? newWebhookSecret(apiKey) : secret;
};

/**
 * 360dialog answers the Cloud API's `{ error }` for messages, and its own `{ meta: { developer_message } }`
 * for errors of its gateway (an unknown key); the reason is whichever it gave.
 */
const d360Failure = (answer: ProviderAnswer) => {
  const failure = graphFailure(answer);
  const gatewayMessage = pickText(answer.body, 'meta', 'developer_message');
  return pickText(answer.body, 'error', 'message') || !gatewayMessage
    ? failure
    : { ...failure, reason: gatewayMessage };
};

const templateFailure = (answer: ProviderAnswer): TemplateCallResult => ({
  ok: false,
  status: answer.status,
  reason:
    pickText(answer.body, 'error', 'error_user_msg') ||
    pickText(answer.body, 'error', 'message') ||
    pickText(answer.body, 'meta', 'developer_message') ||
    `HTTP ${answer.status}`,
});

const templatesSchema = z.object({
  total: z.number().optional(),
  waba_templates: z
    .array(
      z.looseObject({
        id: z.string().default(''),
        name: z.string(),
        language: z.string(),
        status: z.string().default(''),
        category: z.string().default(''),
        quality_score: z.looseObject({ score: z.string().default('UNKNOWN') }).nullish(),
        components: z.array(z.looseObject({ type: z.string() })).default([]),
      }),
    )
    .default([]),
});

/**
 * WhatsApp Cloud API through 360dialog (official mode). One API key is one number, so the payloads are the
 * Cloud API's read without a phone number filter. 360dialog has no signature: on connect we register our
 * webhook with a header holding a secret of ours, and a delivery proves itself by carrying it.
 */
export const createDialog360Adapter = (options: ChannelOptions): ChannelAdapter => {
  const api = (path: string) => `${options.d360ApiUrl}/${path}`;
  const timeout = options.providerTimeoutMs;
  const keyHeader = (device: ChannelDevice) => ({ 'D360-API-KEY': configText(device, 'api_key') });

  return {
    type: 'dialog360',
    // The Cloud API's throughput behind 360dialog: 80 messages per second per number.
    pacing: { perSecond: 80 },

    verifyWebhook(request, device) {
      const header = request.headers[D360_SECRET_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      const secret = configText(device, 'webhook_secret');
      return typeof given === 'string' && secret !== '' && safeEqual(given, secret)
        ? { ok: true }
        : { ok: false, status: 401 };
    },

    parseWebhook: (body) => parseCloudApiPayload(body, { ownNumber: '', ownAccount: '' }),

    async send(device, message): Promise<SendResult> {
      const body = cloudApiRequestBody(message);
      if (typeof body === 'string') return { ok: false, retryable: false, reason: body };
      try {
        const answer = await callProvider(
          api('messages'),
          { json: body, headers: keyHeader(device) },
          timeout,
        );
        if (answer.status < 200 || answer.status >= 300) return d360Failure(answer);
        return graphSendResult(answer, 'messages', 0, 'id');
      } catch (error) {
        return failureOfCall(error);
      }
    },

    /**
     * Registers our webhook with the key (which checks it: 360dialog answers 401 to an unknown one). The
     * secret is kept across reconnects; a refused key changes nothing in the config.
     */
    async connect(device) {
      const apiKey = configText(device, 'api_key');
      const secret = configText(device, 'webhook_secret') || newWebhookSecret(apiKey);
      try {
        const answer = await callProvider(
          api('v1/configs/webhook'),
          {
            json: {
              url: deviceWebhookUrl(options.publicUrl, 'dialog360', device.id),
              headers: { [D360_SECRET_HEADER]: secret },
            },
            headers: keyHeader(device),
          },
          timeout,
        );
        if (answer.status === 200) {
          return { status: 'connected', config: { ...device.config, webhook_secret: secret } };
        }
      } catch {
        // Unreachable: as refused, the device stays disconnected.
      }
      return { status: 'disconnected', config: device.config };
    },

    /**
     * GET /{media-id} answers Meta's media URL; 360dialog serves that path under its own base with the key,
     * so the key only ever goes to the configured 360dialog origin.
     */
    async downloadMedia(device, media) {
      const headers = keyHeader(device);
      const answer = await callProvider(api(encodeURIComponent(media.ref)), { headers }, timeout);
      const given = pickText(answer.body, 'url');
      if (answer.status !== 200 || !given) throw new Error(`media lookup answered ${answer.status}`);
      const url = new URL(given);
      const local =
        url.origin === META_MEDIA_ORIGIN ? `${options.d360ApiUrl}${url.pathname}${url.search}` : given;
      const d360Origin = new URL(options.d360ApiUrl).origin;
      if (new URL(local).origin !== d360Origin) throw new Error('the media URL is not under 360dialog');
      return downloadFile(
        local,
        { headers, timeoutMs: timeout, allowHosts: options.outboundAllowHosts, trustedOrigin: d360Origin },
        media.filename,
      );
    },

    async listTemplates(device): Promise<ProviderTemplate[]> {
      const found: ProviderTemplate[] = [];
      // A WhatsApp Business account holds at most a few hundred templates: a page or two.
      for (let offset = 0; offset < 50 * TEMPLATES_PAGE; offset += TEMPLATES_PAGE) {
        const answer = await callProvider(
          api(`v1/configs/templates?limit=${TEMPLATES_PAGE}&offset=${offset}`),
          { headers: keyHeader(device) },
          timeout,
        );
        if (answer.status !== 200) throw new Error(d360Failure(answer).reason);
        const page = templatesSchema.parse(answer.body);
        for (const template of page.waba_templates) {
          found.push({
            providerId: template.id,
            name: template.name,
            language: template.language,
            status: template.status.toUpperCase(),
            category: template.category,
            quality: template.quality_score?.score.toUpperCase() ?? 'UNKNOWN',
            components: template.components,
          });
        }
        const total = page.total ?? found.length;
        if (page.waba_templates.length < TEMPLATES_PAGE || found.length >= total) break;
      }
      return found;
    },

    /** 360dialog answers the stored template; its "submitted" is Meta's review pending. */
    async createTemplate(device, template): Promise<TemplateCallResult> {
      try {
        const answer = await callProvider(
          api('v1/configs/templates'),
          { json: template, headers: keyHeader(device) },
          timeout,
        );
        if (answer.status < 200 || answer.status >= 300) return templateFailure(answer);
        const status = pickText(answer.body, 'status').toUpperCase();
        return {
          ok: true,
          providerId: pickText(answer.body, 'id'),
          status: !status || status === 'SUBMITTED' ? 'PENDING' : status,
        };
      } catch (error) {
        return { ok: false, status: 502, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
};
