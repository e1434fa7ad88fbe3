import type { TFunction } from 'i18next';
import { APP_ROUTES } from '../../app/app-routes';

/** The sidebar modules a plan's access list opens, by their sidebar names: what the plan gives, in short. */
export const planModuleNames = (access: readonly string[], t: TFunction): string[] =>
  APP_ROUTES.filter(
    (entry) => entry.section === 'main' && entry.permission && access.includes(entry.permission),
  ).map((entry) => t(entry.titleKey));
