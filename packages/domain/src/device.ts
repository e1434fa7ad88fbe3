import { z } from 'zod';
import { MESSAGES, requiredText } from './validation';

/** Channel providers a device can connect through; `sandbox` is the built-in simulated customer. */
export const CHANNEL_TYPES = [
  'sandbox',
  'whatsapp',
  'telegram',
  'messenger',
  'instagram',
  'dialog360',
  'twilio',
  'maytapi',
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const DEVICE_STATUSES = ['connected', 'disconnected'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** official: the provider's business API; unofficial: a bridge through a personal account. */
export const DEVICE_MODES = ['official', 'unofficial'] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];

/**
 * The types whose mode is theirs, whatever a body says (API.md part 3, "More channel providers"): the
 * Cloud API through 360dialog or Twilio is official, a gateway linked by a QR code is not.
 */
export const FIXED_DEVICE_MODES: Partial<Record<ChannelType, DeviceMode>> = {
  dialog360: 'official',
  twilio: 'official',
  maytapi: 'unofficial',
};

/** An unofficial gateway's link to the phone: waiting for a QR scan, linked, dropped, or banned by WhatsApp. */
export const DEVICE_SESSIONS = ['qr', 'connected', 'disconnected', 'banned'] as const;
export type DeviceSession = (typeof DEVICE_SESSIONS)[number];

/**
 * Provider settings that are secrets: stored encrypted, answered masked. verify_token (Meta's handshake)
 * and secret_token (the one we give Telegram's setWebhook) prove webhook calls, so they are secrets too.
 */
export const SECRET_CONFIG_KEYS = [
  'access_token',
  'app_secret',
  'bot_token',
  'page_access_token',
  'verify_token',
  'secret_token',
  'api_key',
  'auth_token',
  'webhook_secret',
] as const;

export const isSecretConfigKey = (key: string): boolean =>
  (SECRET_CONFIG_KEYS as readonly string[]).includes(key);

/** A secret as it is shown back: only its last four characters. */
export const maskSecret = (value: string): string => `••••${value.slice(-4)}`;

/** Whether a value is a secret as it was shown back (sent back unchanged, it keeps the stored secret). */
export const isMaskedSecret = (value: string): boolean => value.startsWith('••••');

/** Where a provider delivers a device's messages; shown in the device screen to copy into the provider. */
export const deviceWebhookUrl = (publicUrl: string, type: ChannelType, deviceId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/webhooks/${type}/${deviceId}`;

export type DeviceConfig = Record<string, string | number | boolean>;

export type Device = {
  id: string;
  client_id: string;
  name: string;
  status: DeviceStatus;
  mode: DeviceMode;
  color: string;
  background_color: string;
  selected: boolean;
  setting: {
    conect: {
      type: ChannelType;
      status: DeviceStatus;
      /** Secrets come back masked (maskSecret); sending a masked value back keeps the stored secret. */
      config: DeviceConfig;
      /** `${PUBLIC_URL}/webhooks/{type}/{id}`: the callback URL to give the provider. */
      webhook_url: string;
      /** An unofficial gateway's session (maytapi only). */
      session?: DeviceSession;
      /** While the session is `qr`: the QR to scan, as `data:image/png;base64,…`; '' otherwise. */
      qr?: string;
    };
  };
  create_date: string;
};

/** Only a connected device can carry messages (composer rule and the new-message dialog). */
export const isDeviceConnected = (device: Pick<Device, 'status'>): boolean => device.status === 'connected';

/**
 * Templates are a WhatsApp Business (official) feature. The sandbox accepts them too, so demos and tests can
 * exercise the template flow without Meta.
 */
export const canSendTemplates = (device: { mode: DeviceMode; type: ChannelType }): boolean =>
  device.type === 'sandbox' ||
  device.type === 'dialog360' ||
  (device.type === 'whatsapp' && device.mode === 'official');

const colorField = () =>
  z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{3,8}$/, { error: 'validation.invalid' });

const configValue = z.union([z.string().max(2000), z.number(), z.boolean()]);

/** Meta's object ids (phone number, WhatsApp Business account, page, Instagram account) are digits. */
const metaId = () => requiredText().max(64).regex(/^\d+$/, { error: MESSAGES.invalid });
const secretText = () => requiredText().max(1000);

/**
 * What each provider needs (API.md's table). Keys not listed are dropped; values the server generates
 * (Telegram's secret_token) cannot be given. The sandbox takes free keys (its test switches).
 */
export const DEVICE_CONFIG_SCHEMAS = {
  sandbox: z.record(z.string().max(64), configValue),
  whatsapp: z.object({
    phone_number_id: metaId(),
    waba_id: metaId(),
    access_token: secretText(),
    app_secret: secretText(),
    verify_token: secretText(),
  }),
  telegram: z.object({
    bot_token: requiredText()
      .max(200)
      .regex(/^\d+:[\w-]+$/, { error: MESSAGES.invalid }),
  }),
  messenger: z.object({
    page_id: metaId(),
    page_access_token: secretText(),
    app_secret: secretText(),
    verify_token: secretText(),
  }),
  instagram: z.object({
    ig_account_id: metaId(),
    access_token: secretText(),
    app_secret: secretText(),
    verify_token: secretText(),
  }),
  // The server generates each webhook_secret; it cannot be given.
  dialog360: z.object({ api_key: secretText() }),
  twilio: z.object({
    account_sid: requiredText().regex(/^AC[0-9a-fA-F]{32}$/, { error: MESSAGES.invalid }),
    auth_token: secretText(),
    from_number: requiredText().regex(/^\+\d{8,15}$/, { error: MESSAGES.invalid }),
  }),
  maytapi: z.object({
    product_id: requiredText().max(100),
    phone_id: requiredText().max(100),
    api_key: secretText(),
  }),
} as const satisfies Record<ChannelType, z.ZodType>;

const maskedSecret = () => z.string().refine(isMaskedSecret);

/**
 * A config change (`PUT device/updateone`): any subset of the provider's keys; a secret may come back
 * masked, which keeps the stored one.
 */
export const deviceConfigPatchSchema = (type: ChannelType): z.ZodType<DeviceConfig> => {
  const schema = DEVICE_CONFIG_SCHEMAS[type];
  if (!(schema instanceof z.ZodObject)) return schema;
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    shape[key] = (isSecretConfigKey(key) ? z.union([maskedSecret(), field]) : field).optional();
  }
  return z.object(shape) as unknown as z.ZodType<DeviceConfig>;
};

const conectOf = <T extends ChannelType, C extends z.ZodType>(type: T, config: C) =>
  z.object({ type: z.literal(type), config });

export const deviceCreateSchema = z.object({
  name: requiredText().max(120),
  color: colorField().default('#1976d2'),
  background_color: colorField().default('#e3f2fd'),
  mode: z.enum(DEVICE_MODES).default('official'),
  selected: z.boolean().default(false),
  setting: z.object({
    conect: z.discriminatedUnion('type', [
      conectOf('sandbox', DEVICE_CONFIG_SCHEMAS.sandbox.default({})),
      conectOf('whatsapp', DEVICE_CONFIG_SCHEMAS.whatsapp),
      conectOf('telegram', DEVICE_CONFIG_SCHEMAS.telegram),
      conectOf('messenger', DEVICE_CONFIG_SCHEMAS.messenger),
      conectOf('instagram', DEVICE_CONFIG_SCHEMAS.instagram),
      conectOf('dialog360', DEVICE_CONFIG_SCHEMAS.dialog360),
      conectOf('twilio', DEVICE_CONFIG_SCHEMAS.twilio),
      conectOf('maytapi', DEVICE_CONFIG_SCHEMAS.maytapi),
    ]),
  }),
});
export type DeviceCreateInput = z.input<typeof deviceCreateSchema>;

/** The provider type cannot change: a device is one provider account. Config keys are merged. */
export const deviceUpdateSchema = z
  .object({
    name: requiredText().max(120),
    color: colorField(),
    background_color: colorField(),
    mode: z.enum(DEVICE_MODES),
    selected: z.boolean(),
    status: z.enum(DEVICE_STATUSES),
    setting: z.object({
      conect: z.object({ config: z.record(z.string().max(64), configValue) }).partial(),
    }),
  })
  .partial()
  .strict();
export type DeviceUpdateInput = z.infer<typeof deviceUpdateSchema>;
