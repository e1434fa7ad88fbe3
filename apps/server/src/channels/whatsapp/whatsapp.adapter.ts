import { z } from 'zod';
import type {
  ChannelAdapter,
  ChannelDevice,
  ChannelOptions,
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
import { parseCloudApiPayload } from './cloud-api-inbound';
import { cloudApiRequestBody } from './cloud-api-outbound';

const configText = (device: ChannelDevice, key: string) => {
  const value = device.config[key];
  return typeof value === 'string' ? value : '';
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

    parseWebhook: (body, device) =>
      parseCloudApiPayload(body, {
        ownNumber: configText(device, 'phone_number_id'),
        ownAccount: configText(device, 'waba_id'),
      }),

    async send(device, message): Promise<SendResult> {
      const body = cloudApiRequestBody(message);
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
