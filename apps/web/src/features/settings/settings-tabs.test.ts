import type { PermissionKey } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { tabFrom, visibleTabs } from './settings-tabs';

const holding =
  (...keys: PermissionKey[]) =>
  (key?: PermissionKey) =>
    !key || keys.includes(key);

describe('settings tabs', () => {
  it('shows the users tab with user.view and the audit tab with log.view only', () => {
    expect(visibleTabs(holding())).toEqual(['company', 'lists', 'pipelines', 'integrations', 'views']);
    expect(visibleTabs(holding('user.view', 'log.view'))).toEqual([
      'company',
      'users',
      'lists',
      'pipelines',
      'integrations',
      'views',
      'audit',
    ]);
  });

  it('opens the tab the address names, or the first when it is unknown or not allowed', () => {
    const visible = visibleTabs(holding('log.view'));
    expect(tabFrom('audit', visible)).toBe('audit');
    expect(tabFrom('users', visible)).toBe('company');
    expect(tabFrom(null, visible)).toBe('company');
  });
});
