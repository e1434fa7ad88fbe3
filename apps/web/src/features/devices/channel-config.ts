import {
  type ChannelType,
  DEVICE_CONFIG_SCHEMAS,
  type Device,
  type DeviceConfig,
  type DeviceMode,
  FIXED_DEVICE_MODES,
  isSecretConfigKey,
} from '@conversa/domain';
import { z } from 'zod';

/**
 * The order the new-device dialog offers the providers in: WhatsApp's ways in first (Meta's Cloud API,
 * through 360dialog or Twilio, a phone linked by QR), the other channels, the simulator last.
 */
export const CHANNEL_CHOICES = [
  'whatsapp',
  'dialog360',
  'twilio',
  'maytapi',
  'telegram',
  'messenger',
  'instagram',
  'sandbox',
] as const satisfies readonly ChannelType[];

/** The mode a new device of a type gets: its own for the types that fix it, else the server's default. */
export const modeOf = (type: ChannelType): DeviceMode => FIXED_DEVICE_MODES[type] ?? 'official';

/** A device whose session is a phone linked by a QR code (an unofficial gateway). */
export const hasGatewaySession = (type: ChannelType): boolean => type === 'maytapi';

/** Meta's providers prove their webhook with a verify token the company chose. */
export const META_CHANNELS: readonly ChannelType[] = ['whatsapp', 'messenger', 'instagram'];

export type ConfigField = { key: string; isSecret: boolean };

/**
 * The settings a provider needs, read from the shared schema so the form asks exactly what the server
 * validates. The sandbox takes none (its secret is generated).
 */
export const configFieldsOf = (type: ChannelType): ConfigField[] => {
  const schema = DEVICE_CONFIG_SCHEMAS[type];
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.keys(schema.shape).map((key) => ({ key, isSecret: isSecretConfigKey(key) }));
};

/** Empty values for every field of a provider, so each input is controlled from the first render. */
export const emptyConfigOf = (type: ChannelType): Record<string, string> =>
  Object.fromEntries(configFieldsOf(type).map((field) => [field.key, '']));

/** The stored values as the form shows them: secrets stay masked, as the server answered them. */
export const configValuesOf = (device: Device): Record<string, string> => {
  const config: DeviceConfig = device.setting.conect.config;
  return Object.fromEntries(
    configFieldsOf(device.setting.conect.type).map((field) => [field.key, String(config[field.key] ?? '')]),
  );
};

/** A provider device missing one of its settings cannot connect until someone completes them. */
export const isConfigured = (device: Device): boolean =>
  configFieldsOf(device.setting.conect.type).every(
    (field) => String(device.setting.conect.config[field.key] ?? '') !== '',
  );
