import {
  INTEGRATION_SECRET_KEYS,
  type Integration,
  type IntegrationType,
  isCreatableIntegrationType,
  isMaskedSecret,
  maskSecret,
} from '@conversa/domain';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { IntegrationRow } from '../../core/db/schema';

export type IntegrationConfig = Record<string, unknown>;

const secretKeysOf = (type: IntegrationType): readonly string[] =>
  isCreatableIntegrationType(type) ? INTEGRATION_SECRET_KEYS[type] : [];

const isSecret = (type: IntegrationType, key: string, value: unknown): value is string =>
  secretKeysOf(type).includes(key) && typeof value === 'string' && value !== '';

/** The stored config with its secrets decrypted: for the adapters and for checking a change, never for answers. */
export const openIntegrationConfig = (
  box: SecretBox,
  type: IntegrationType,
  config: IntegrationConfig,
): IntegrationConfig =>
  Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      isSecret(type, key, value) && box.isEncrypted(value) ? box.decrypt(value) : value,
    ]),
  );

/** A change's config over the stored one (decrypted); a masked secret sent back keeps the stored secret. */
export const mergeIntegrationConfig = (
  type: IntegrationType,
  opened: IntegrationConfig,
  patch: IntegrationConfig,
): IntegrationConfig => {
  const merged = { ...opened };
  for (const [key, value] of Object.entries(patch)) {
    if (isSecret(type, key, value) && isMaskedSecret(value) && opened[key] !== undefined) continue;
    merged[key] = value;
  }
  return merged;
};

/** Encrypts the secret values of a checked config, as it is stored. */
export const sealIntegrationConfig = (
  box: SecretBox,
  type: IntegrationType,
  config: IntegrationConfig,
): IntegrationConfig =>
  Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      isSecret(type, key, value) && !box.isEncrypted(value) ? box.encrypt(value) : value,
    ]),
  );

/** What leaves the server: every secret masked (its last four characters only). */
export const toIntegration = (box: SecretBox, row: IntegrationRow, deviceIds: string[]): Integration => ({
  id: row.id,
  type: row.type,
  name: row.name,
  device_ids: deviceIds,
  answer_new_conversations: row.answer_new_conversations,
  config: Object.fromEntries(
    Object.entries(row.config).map(([key, value]) => [
      key,
      isSecret(row.type, key, value)
        ? maskSecret(box.isEncrypted(value) ? box.decrypt(value) : value)
        : value,
    ]),
  ),
  status: row.status,
  last_sync_at: row.last_sync_at?.toISOString() ?? null,
  error: row.error,
  create_date: row.create_date.toISOString(),
});
