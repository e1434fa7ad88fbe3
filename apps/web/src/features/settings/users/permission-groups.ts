import { CLIENT_PERMISSIONS } from '@conversa/domain';

type ClientPermission = (typeof CLIENT_PERMISSIONS)[number];

export type PermissionGroup = { module: string; keys: ClientPermission[] };

const moduleOf = (key: string): string => key.slice(0, key.indexOf('.'));
export const actionOf = (key: string): string => key.slice(key.indexOf('.') + 1);

/**
 * The keys a staff user can be given, grouped by module in the product's own order: only those the
 * company's plan holds, since the server refuses any other.
 */
export const permissionGroups = (companyAccess: readonly string[]): PermissionGroup[] => {
  const groups: PermissionGroup[] = [];
  for (const key of CLIENT_PERMISSIONS) {
    if (!companyAccess.includes(key)) continue;
    const module = moduleOf(key);
    const group = groups.find((entry) => entry.module === module);
    if (group) group.keys.push(key);
    else groups.push({ module, keys: [key] });
  }
  return groups;
};

/** A module's checkbox state: all of its keys held, some of them, or none. */
export const groupState = (group: PermissionGroup, access: readonly string[]): 'all' | 'some' | 'none' => {
  const held = group.keys.filter((key) => access.includes(key)).length;
  if (held === 0) return 'none';
  return held === group.keys.length ? 'all' : 'some';
};

/** Ticks or clears a whole module at once; keys outside the module are left as they were. */
export const toggleGroup = (group: PermissionGroup, access: readonly string[], isOn: boolean): string[] => {
  const others = access.filter((key) => !(group.keys as readonly string[]).includes(key));
  return isOn ? [...others, ...group.keys] : others;
};

export const toggleKey = (key: string, access: readonly string[], isOn: boolean): string[] =>
  isOn ? [...new Set([...access, key])] : access.filter((held) => held !== key);
