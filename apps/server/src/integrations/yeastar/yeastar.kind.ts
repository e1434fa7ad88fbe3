import { randomBytes } from 'node:crypto';
import { yeastarConfigSchema } from '@conversa/domain';
import { type YeastarClient, YeastarError } from './yeastar.client';

/** The secret the PBX's webhook URL carries: 32 random bytes, URL-safe. */
export const generateYeastarWebhookSecret = (): string => randomBytes(32).toString('base64url');

type Config = Record<string, unknown>;
type Outcome = { ok: true } | { ok: false; error: string };

/**
 * The Yeastar PBX as an integration kind (modules/integrations/integration-kinds): no devices, a webhook
 * secret generated on create and shown once, the extension mapping's users checked, and a Test that gets a
 * token with the stored credentials.
 */
export const yeastarKind = (client: YeastarClient) => ({
  configSchema: yeastarConfigSchema,
  hasDevices: false,
  hasHandoffUser: false,
  completeConfig: (config: Config): Config => ({
    ...config,
    webhook_secret: config.webhook_secret || generateYeastarWebhookSecret(),
  }),
  shownOnCreate: ['webhook_secret'],
  namedUsers: (config: Config) =>
    yeastarConfigSchema
      .parse(config)
      .extensions.map((row, index) => ({ path: `config.extensions.${index}.user_id`, userId: row.user_id })),
  async test(stored: Config): Promise<Outcome> {
    const config = yeastarConfigSchema.parse(stored);
    try {
      await client.test({
        pbxUrl: config.pbx_url,
        clientId: config.client_id,
        clientSecret: config.client_secret,
      });
      return { ok: true };
    } catch (error) {
      if (error instanceof YeastarError) return { ok: false, error: error.message };
      throw error;
    }
  },
});
