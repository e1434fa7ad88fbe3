import {
  addDays,
  DEFAULT_SYNC_DAYS,
  type IntegrationStatus,
  type IntegrationType,
  localDayOf,
} from '@conversa/domain';
import { companyTimeZone } from '../../core/company-clock';
import type { Database } from '../../core/db/database';
import { badRequest } from '../../core/http/app-error';
import type { IntegrationKind } from './integration-kinds';
import type { IntegrationConfig } from './integrations.mapper';

/** The calls a save or a sync makes to a scheduling system before anything is stored. */
export const createIntegrationProviderChecks = (
  db: Database,
  kindOf: (type: IntegrationType) => IntegrationKind,
) => {
  /** A sync's days: the range given, else today to today + 7 in the company's time zone. */
  const syncRange = async (clientId: string, range: { from?: string; to?: string }) => {
    const today = localDayOf(new Date(), await companyTimeZone(db, clientId));
    const from = range.from ?? today;
    return { from, to: range.to ?? addDays(from, DEFAULT_SYNC_DAYS) };
  };

  /**
   * A scheduling system's credentials are checked before a save answers (API.md part 3 §1.1): a setting
   * the provider shows wrong answers 400 naming it and nothing is saved; a refusal or a failure is saved as
   * `error`, never as connected. Other types save as before.
   */
  const checkOnSave = async (
    clientId: string,
    integrationId: string,
    type: IntegrationType,
    config: IntegrationConfig,
  ): Promise<{ config: IntegrationConfig; status: { status?: IntegrationStatus; error?: string } }> => {
    const check = kindOf(type).check;
    if (!check) return { config, status: {} };
    const checked = await check(config, { clientId, integrationId });
    const { outcome } = checked;
    if (!outcome.ok && outcome.field)
      throw badRequest([{ path: outcome.field, message: 'validation.notOfAccount' }]);
    return {
      config: checked.config,
      status: outcome.ok
        ? { status: 'connected', error: '' }
        : { status: 'error', error: outcome.error.slice(0, 500) },
    };
  };

  return { checkOnSave, syncRange };
};
