import { randomUUID } from 'node:crypto';
import {
  type CreatableIntegrationType,
  chatgptConfigSchema,
  crmx2ConfigSchema,
  dialogflowConfigSchema,
  type SchedulingCatalog,
  WEBHOOK_PING_EVENT,
  type WebhookPayload,
} from '@conversa/domain';
import type { z } from 'zod';
import type { IntegrationRow } from '../../core/db/schema';
import { BotCallError, type BotRegistry } from '../../integrations/bot-adapter';
import { bindBot } from '../../integrations/bot-registry';
import { generateWebhookSecret, type WebhookSender } from '../../integrations/crmx2/webhook-sender';
import type { YeastarClient } from '../../integrations/yeastar/yeastar.client';
import { yeastarKind } from '../../integrations/yeastar/yeastar.kind';
import type { SchedulingKinds } from '../agenda/scheduling.kind';
import { crmzohoKind, type ZohoSyncControls } from '../zoho-sync/zoho-sync.kind';
import type { IntegrationConfig } from './integrations.mapper';

/**
 * The outcome of one provider call, as the integration shows it; `field` names a setting the provider
 * showed wrong (a state id that is not the account's), which a save refuses with 400 naming it.
 */
export type CallOutcome = { ok: true } | { ok: false; error: string; field?: string };

/** What a call about one integration needs to know of it. */
export type KindContext = { clientId: string; integrationId: string };

/**
 * What differs between the integration types the service handles: their settings' rules, what the
 * server fills in on create, what the create answer shows whole once, and the Test. Adding a type is
 * adding an entry here (and its adapter), not an `if` in the service.
 */
export type IntegrationKind = {
  configSchema: z.ZodType;
  /** Attached to devices (the answer bots); the others refuse device_ids. */
  hasDevices: boolean;
  /** Whether the settings name a handoff user that must be the company's. */
  hasHandoffUser: boolean;
  /** Other users the settings name (a PBX's extension mapping): each must be the company's, else 400 at `path`. */
  namedUsers?: (config: IntegrationConfig) => { path: string; userId: string }[];
  /** The checked config as stored on create (a generated secret filled in). */
  completeConfig: (config: IntegrationConfig) => IntegrationConfig;
  /** Secret keys the create answer carries whole, once, so the other side can be set up. */
  shownOnCreate: readonly string[];
  /** Checks the stored settings (secrets decrypted) against the provider. */
  test: (config: IntegrationConfig, context: { clientId: string }) => Promise<CallOutcome>;
  /**
   * A sync that runs in the background (Zoho's full sync), its progress announced; answers whether this
   * call started one. Without it, `sync` is the Test.
   */
  startSync?: (context: KindContext) => Promise<boolean>;
  /**
   * The credentials check of a scheduling system, run on create, on a change of settings and as the Test:
   * it may complete the settings (Calendly's webhook signing key), and its outcome decides the status.
   */
  check?: (
    config: IntegrationConfig,
    context: KindContext,
  ) => Promise<{ config: IntegrationConfig; outcome: CallOutcome }>;
  /** A scheduling system's sync: the days of `range` (YYYY-MM-DD, the company's time zone) pulled now. */
  pull?: (integration: IntegrationRow, range: { from: string; to: string }) => Promise<CallOutcome>;
  /** A scheduling system's states, professionals and branches, read now (throws when the provider fails). */
  catalog?: (config: IntegrationConfig, context: KindContext) => Promise<SchedulingCatalog>;
};

const testBot =
  (bots: BotRegistry, type: 'chatgpt' | 'dialogflow') =>
  async (config: IntegrationConfig): Promise<CallOutcome> => {
    try {
      await bindBot(bots, type, config).test();
      return { ok: true };
    } catch (error) {
      if (error instanceof BotCallError) return { ok: false, error: error.message };
      throw error;
    }
  };

const botKind = (bots: BotRegistry, type: 'chatgpt' | 'dialogflow', configSchema: z.ZodType) => ({
  configSchema,
  hasDevices: true,
  hasHandoffUser: true,
  completeConfig: (config: IntegrationConfig) => config,
  shownOnCreate: [],
  test: testBot(bots, type),
});

export const createIntegrationKinds = (deps: {
  scheduling: SchedulingKinds;
  bots: BotRegistry;
  webhooks: WebhookSender;
  yeastar: YeastarClient;
  zoho: ZohoSyncControls;
}): Record<CreatableIntegrationType, IntegrationKind> => ({
  chatgpt: botKind(deps.bots, 'chatgpt', chatgptConfigSchema),
  dialogflow: botKind(deps.bots, 'dialogflow', dialogflowConfigSchema),
  crmx2: {
    configSchema: crmx2ConfigSchema,
    hasDevices: false,
    hasHandoffUser: false,
    completeConfig: (config) => ({ ...config, secret: config.secret || generateWebhookSecret() }),
    shownOnCreate: ['secret'],
    // A signed `ping` sent at once, not logged: the receiver's answer is the connection's state.
    async test(stored, { clientId }) {
      const config = crmx2ConfigSchema.parse(stored);
      const id = randomUUID();
      const payload: WebhookPayload = {
        id,
        event: WEBHOOK_PING_EVENT,
        occurred_at: new Date().toISOString(),
        client_id: clientId,
        data: {},
      };
      const attempt = await deps.webhooks.send({
        url: config.url,
        secret: config.secret ?? '',
        deliveryId: id,
        event: WEBHOOK_PING_EVENT,
        body: JSON.stringify(payload),
      });
      return attempt.ok ? { ok: true } : { ok: false, error: attempt.error };
    },
  },
  yeastar: yeastarKind(deps.yeastar),
  crmzoho: crmzohoKind(deps.zoho),
  ...deps.scheduling,
});

export type IntegrationKinds = ReturnType<typeof createIntegrationKinds>;
