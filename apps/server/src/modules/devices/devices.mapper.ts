import {
  type Device,
  type DeviceConfig,
  deviceWebhookUrl,
  isMaskedSecret,
  isSecretConfigKey,
  maskSecret,
} from '@conversa/domain';
import type { ChannelDevice } from '../../channels/channel-adapter';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { DeviceRow } from '../../core/db/schema';

/** Encrypts the secret keys of a config; a masked value sent back unchanged keeps the stored secret. */
export const sealConfig = (box: SecretBox, config: DeviceConfig, stored: DeviceConfig = {}): DeviceConfig => {
  const sealed: DeviceConfig = {};
  for (const [key, value] of Object.entries(config)) {
    if (!isSecretConfigKey(key) || typeof value !== 'string' || value === '') {
      sealed[key] = value;
    } else if (isMaskedSecret(value)) {
      const previous = stored[key];
      if (previous !== undefined) sealed[key] = previous;
    } else {
      sealed[key] = box.isEncrypted(value) ? value : box.encrypt(value);
    }
  }
  return sealed;
};

const openConfig = (box: SecretBox, config: DeviceConfig): DeviceConfig =>
  Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      isSecretConfigKey(key) && typeof value === 'string' && box.isEncrypted(value)
        ? box.decrypt(value)
        : value,
    ]),
  );

/**
 * An unofficial gateway's session as answered: a device not followed (never linked, refused credentials,
 * disconnected by a person) reads as disconnected; the QR only while the phone waits for a scan.
 */
const gatewayOf = (row: DeviceRow): Pick<Device['setting']['conect'], 'session' | 'qr'> => {
  if (row.type !== 'maytapi') return {};
  const session = row.setting.conect.session ?? 'disconnected';
  return { session, qr: session === 'qr' ? (row.setting.conect.qr ?? '') : '' };
};

/** What leaves the server: secrets masked (never whole), and the webhook URL to give the provider. */
export const toPublicDevice = (box: SecretBox, row: DeviceRow, publicUrl: string): Device => {
  const config = Object.fromEntries(
    Object.entries(row.setting.conect.config).map(([key, value]) => [
      key,
      isSecretConfigKey(key) && typeof value === 'string' && value !== ''
        ? maskSecret(box.isEncrypted(value) ? box.decrypt(value) : value)
        : value,
    ]),
  );
  return {
    id: row.id,
    client_id: row.client_id,
    name: row.name,
    status: row.status,
    mode: row.mode,
    color: row.color,
    background_color: row.background_color,
    selected: row.selected,
    setting: {
      conect: {
        type: row.type,
        status: row.status,
        config,
        webhook_url: deviceWebhookUrl(publicUrl, row.type, row.id),
        ...gatewayOf(row),
      },
    },
    create_date: row.create_date.toISOString(),
  };
};

/** The adapter's view: the only place secrets are decrypted. */
export const toChannelDevice = (box: SecretBox, row: DeviceRow): ChannelDevice => ({
  id: row.id,
  clientId: row.client_id,
  type: row.type,
  mode: row.mode,
  config: openConfig(box, row.setting.conect.config),
  ...(row.setting.conect.session ? { session: row.setting.conect.session } : {}),
});
