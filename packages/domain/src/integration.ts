import { z } from 'zod';
import { yeastarConfigSchema } from './call';
import {
  calendlyConfigSchema,
  dentalinkConfigSchema,
  dentalsoftConfigSchema,
  medilinkConfigSchema,
  SCHEDULING_INTEGRATION_TYPES,
  SCHEDULING_SECRET_KEYS,
  standardConfigSchema,
} from './scheduling';
import { searchBodySchema } from './search';
import { requiredText } from './validation';
import { crmx2ConfigSchema } from './webhook';

/**
 * Integrations (API.md part 2, "Integrations" and "Bot integrations"): one row per connected outside
 * system, its settings in `config`. Answer bots (chatgpt, dialogflow) are attached to devices; the other
 * types (CRM, PBX, scheduling) plug into the same framework later.
 */
export const INTEGRATION_TYPES = [
  'chatgpt',
  'dialogflow',
  'crmx2',
  'crmzoho',
  'yeastar',
  'dentalink',
  'medilink',
  'dentalsoft',
  'calendly',
  'standard',
] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** The answer bots: attached to devices, they answer customers. */
export const BOT_INTEGRATION_TYPES = ['chatgpt', 'dialogflow'] as const;
export type BotIntegrationType = (typeof BOT_INTEGRATION_TYPES)[number];
export const isBotIntegrationType = (type: string): type is BotIntegrationType =>
  (BOT_INTEGRATION_TYPES as readonly string[]).includes(type);

/**
 * What the last call to the provider said: `unchecked` for an answer bot nobody has tested since its
 * settings were given (nothing has proved them yet), then `connected` or `error`.
 */
export const INTEGRATION_STATUSES = ['unchecked', 'connected', 'error'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** The types that can be created: every type of the contract. */
export const CREATABLE_INTEGRATION_TYPES = [
  ...BOT_INTEGRATION_TYPES,
  'crmx2',
  'yeastar',
  'crmzoho',
  ...SCHEDULING_INTEGRATION_TYPES,
] as const;
export type CreatableIntegrationType = (typeof CREATABLE_INTEGRATION_TYPES)[number];
export const isCreatableIntegrationType = (type: string): type is CreatableIntegrationType =>
  (CREATABLE_INTEGRATION_TYPES as readonly string[]).includes(type);

/** The config keys each type stores encrypted and answers masked (device.ts maskSecret, isMaskedSecret). */
export const INTEGRATION_SECRET_KEYS: Record<CreatableIntegrationType, readonly string[]> = {
  chatgpt: ['api_key'],
  dialogflow: ['credentials'],
  crmx2: ['secret'],
  yeastar: ['client_secret', 'webhook_secret'],
  crmzoho: ['client_secret', 'refresh_token'],
  ...SCHEDULING_SECRET_KEYS,
};

/**
 * How the ChatGPT bot asks for its structured answer `{ reply, action: reply|handoff }`: a JSON schema
 * (OpenAI's structured outputs) or plain JSON mode, which more OpenAI-compatible servers understand.
 */
export const CHATGPT_TOOL_TYPES = ['json_schema', 'json_object'] as const;
/** The API family the bot calls; chat completions is the one every OpenAI-compatible server speaks. */
export const CHATGPT_METHODS = ['chat_completions'] as const;

export const BOT_ACTIONS = ['reply', 'handoff'] as const;
export type BotAction = (typeof BOT_ACTIONS)[number];

/** A setting's number between its limits: a value outside them says so (not "must be a whole number"). */
const bounded = (min: number, max: number, isWhole = true) => {
  const number = z.number({ error: 'validation.number' });
  return (isWhole ? number.int({ error: 'validation.number' }) : number)
    .min(min, { error: 'validation.range' })
    .max(max, { error: 'validation.range' });
};

/** The handoff rules every bot shares: who gets the conversation and what the customer is told. */
const handoffFields = {
  max_messages_per_day: bounded(1, 100_000).default(200),
  /** '' hands off to the unassigned queue; a user id of the company assigns it to that user. */
  handoff_user_id: z.string().trim().max(64).default(''),
  handoff_text: z.string().trim().max(1000).default(''),
};

export const chatgptConfigSchema = z.strictObject({
  api_key: requiredText().max(500),
  bot_model: requiredText().max(100).default('gpt-4o-mini'),
  temperature: bounded(0, 2, false).default(0.7),
  max_tokens: bounded(16, 8192).default(500),
  context_message_limit: bounded(1, 50).default(10),
  system_prompt: z.string().trim().max(8000).default(''),
  method: z.enum(CHATGPT_METHODS).default('chat_completions'),
  tool_type: z.enum(CHATGPT_TOOL_TYPES).default('json_schema'),
  ...handoffFields,
});
export type ChatgptConfig = z.output<typeof chatgptConfigSchema>;

export const dialogflowConfigSchema = z.strictObject({
  /** The Google service-account key, as the JSON file Google gives (client_email, private_key, …). */
  credentials: requiredText().max(20_000),
  project_id: requiredText().max(100),
  /** '' uses the contact's language, else the company's. */
  language: z.string().trim().max(20).default(''),
  ...handoffFields,
});
export type DialogflowConfig = z.output<typeof dialogflowConfigSchema>;

/** Zoho's data centres: each has its own accounts server, `https://accounts.zoho.<data centre>`. */
export const ZOHO_DATA_CENTRES = ['com', 'eu', 'in', 'com.au', 'jp', 'com.cn', 'zohocloud.ca', 'sa'] as const;
export type ZohoDataCentre = (typeof ZOHO_DATA_CENTRES)[number];

/** Zoho takes at most this many records in one upsert call. */
export const ZOHO_UPSERT_BATCH = 100;

/** Zoho CRM: a self-client's OAuth refresh token; contacts and leads are upserted there as they change. */
export const crmzohoConfigSchema = z.strictObject({
  data_centre: z.enum(ZOHO_DATA_CENTRES, { error: 'validation.badValue' }).default('com'),
  client_id: requiredText().max(200),
  client_secret: requiredText().max(500),
  refresh_token: requiredText().max(1000),
  sync_contacts: z.boolean().default(true),
  sync_leads: z.boolean().default(true),
});
export type CrmzohoConfig = z.output<typeof crmzohoConfigSchema>;

/** A full sync's progress, announced as the integration's `sync` notification after each call. */
export type IntegrationSyncProgress = { id: string; done: number; total: number; finished: boolean };

const integrationCommon = {
  name: requiredText().max(100),
  /** The devices whose conversations the bot answers; a device has at most one bot. */
  device_ids: z.array(z.string().trim().min(1).max(64)).max(100).default([]),
  /** New conversations on these devices start with the bot answering. */
  answer_new_conversations: z.boolean().default(true),
};

/** A type that answers no conversation: no devices, never answering new conversations. */
const withoutDevices = <T extends IntegrationType, C extends z.ZodType>(type: T, config: C) =>
  z.strictObject({
    type: z.literal(type),
    name: integrationCommon.name,
    device_ids: z.array(z.string()).max(0).default([]),
    answer_new_conversations: z.literal(false).default(false),
    config,
  });

export const integrationCreateSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('chatgpt'), ...integrationCommon, config: chatgptConfigSchema }),
  z.strictObject({ type: z.literal('dialogflow'), ...integrationCommon, config: dialogflowConfigSchema }),
  // Webhooks, a PBX, a CRM and scheduling systems answer no conversation: no devices (a list answers 400).
  withoutDevices('crmx2', crmx2ConfigSchema),
  withoutDevices('yeastar', yeastarConfigSchema),
  withoutDevices('crmzoho', crmzohoConfigSchema),
  withoutDevices('dentalink', dentalinkConfigSchema),
  withoutDevices('medilink', medilinkConfigSchema),
  withoutDevices('dentalsoft', dentalsoftConfigSchema),
  withoutDevices('calendly', calendlyConfigSchema),
  withoutDevices('standard', standardConfigSchema),
]);
export type IntegrationCreateInput = z.input<typeof integrationCreateSchema>;

/** An update names what changes; `config` is checked against the stored type's schema by the server. */
export const integrationUpdateSchema = z.strictObject({
  name: integrationCommon.name.optional(),
  device_ids: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
  answer_new_conversations: z.boolean().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});
export type IntegrationUpdateInput = z.input<typeof integrationUpdateSchema>;

export type Integration = {
  id: string;
  type: IntegrationType;
  name: string;
  device_ids: string[];
  answer_new_conversations: boolean;
  /** The settings, each secret masked (INTEGRATION_SECRET_KEYS, maskSecret). */
  config: Record<string, unknown>;
  status: IntegrationStatus;
  /** The last successful call to the provider (a test, a sync, a bot answer). */
  last_sync_at: string | null;
  /** Why the last call failed, '' when it worked. */
  error: string;
  create_date: string;
};

export const integrationSearchSchema = searchBodySchema;

/** A message's `owner` when an answer bot wrote it (an agent's messages carry their user id): the chat shows "Bot". */
export const BOT_MESSAGE_OWNER = 'bot';

/** The records a CRM integration keeps its own id for (integration_links). */
export const INTEGRATION_LINK_MODULES = ['contact', 'lead'] as const;
export type IntegrationLinkModule = (typeof INTEGRATION_LINK_MODULES)[number];
export const isIntegrationLinkModule = (module: string): module is IntegrationLinkModule =>
  (INTEGRATION_LINK_MODULES as readonly string[]).includes(module);
