import type { IntegrationType } from '@conversa/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { type Database, isUniqueViolation } from '../../core/db/database';
import { devices, users } from '../../core/db/schema';
import { AppError, badRequest, type FieldIssue } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import type { IntegrationKind } from './integration-kinds';
import type { IntegrationConfig } from './integrations.mapper';
import { createIntegrationsRepository } from './integrations.repository';

/**
 * What an integration's settings name must exist in the company: its devices (each answered by one bot at
 * most), the users of a PBX's extension mapping and a bot's handoff user. A problem names the field.
 */
export const createIntegrationReferences = (
  db: Database,
  kindOf: (type: IntegrationType) => IntegrationKind,
) => {
  const repo = createIntegrationsRepository(db);

  /** The devices must be the company's, each once, and answered by no other bot. */
  const assertDevices = async (auth: AuthContext, deviceIds: string[], exceptId?: string) => {
    const valid = deviceIds.filter(isUuid);
    const owned = new Set(
      valid.length === 0
        ? []
        : (
            await db
              .select({ id: devices.id })
              .from(devices)
              .where(and(eq(devices.client_id, auth.clientId), inArray(devices.id, valid)))
          ).map((row) => row.id),
    );
    const issues: FieldIssue[] = [];
    deviceIds.forEach((id, index) => {
      if (!owned.has(id)) issues.push({ path: `device_ids.${index}`, message: 'validation.badValue' });
      else if (deviceIds.indexOf(id) !== index)
        issues.push({ path: `device_ids.${index}`, message: 'validation.duplicate' });
    });
    if (issues.length > 0) throw badRequest(issues);
    const taken = await repo.devicesTaken(auth.clientId, deviceIds, exceptId);
    if (taken.size > 0) throw deviceHasBot(deviceIds, taken);
  };

  const deviceHasBot = (deviceIds: string[], taken: Set<string>) =>
    new AppError(
      409,
      'info.deviceHasBot',
      deviceIds.flatMap((id, index) =>
        taken.has(id) ? [{ path: `device_ids.${index}`, message: 'info.deviceHasBot' as const }] : [],
      ),
    );

  /** Users the settings name besides the handoff (a PBX's extension mapping) must be the company's. */
  const assertNamedUsers = async (auth: AuthContext, type: IntegrationType, config: IntegrationConfig) => {
    const named = kindOf(type).namedUsers?.(config) ?? [];
    const ids = [...new Set(named.map((entry) => entry.userId).filter(isUuid))];
    const owned = new Set(
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.client_id, auth.clientId), inArray(users.id, ids)))
          ).map((row) => row.id),
    );
    const issues: FieldIssue[] = named
      .filter((entry) => !owned.has(entry.userId))
      .map((entry) => ({ path: entry.path, message: 'validation.badValue' }));
    if (issues.length > 0) throw badRequest(issues);
  };

  /** A bot's handoff goes to the unassigned queue ('') or to a user of the company. */
  const assertHandoffUser = async (auth: AuthContext, type: IntegrationType, config: IntegrationConfig) => {
    await assertNamedUsers(auth, type, config);
    if (!kindOf(type).hasHandoffUser) return;
    const userId = String(config.handoff_user_id ?? '');
    if (userId === '') return;
    const found = isUuid(userId)
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.client_id, auth.clientId), eq(users.id, userId)))
      : [];
    if (found.length === 0)
      throw badRequest([{ path: 'config.handoff_user_id', message: 'validation.badValue' }]);
  };

  /** Two administrators giving the same device to two bots at once: the unique key refuses the second. */
  const guardDevices = async <T>(deviceIds: string[], work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw deviceHasBot(deviceIds, new Set(deviceIds));
      throw error;
    }
  };

  return { assertDevices, assertHandoffUser, guardDevices };
};
