import type { PermissionKey } from '@conversa/domain';

export const SETTINGS_TABS = [
  'company',
  'users',
  'lists',
  'pipelines',
  'integrations',
  'views',
  'audit',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** What a tab needs beyond setting.view, which opens the page. */
const TAB_PERMISSION: Partial<Record<SettingsTab, PermissionKey>> = { users: 'user.view', audit: 'log.view' };

export const visibleTabs = (can: (key?: PermissionKey) => boolean): SettingsTab[] =>
  SETTINGS_TABS.filter((tab) => can(TAB_PERMISSION[tab]));

/** The tab the address names, if the person may see it; otherwise the first one. */
export const tabFrom = (value: string | null, visible: readonly SettingsTab[]): SettingsTab =>
  visible.find((tab) => tab === value) ?? visible[0] ?? 'company';
