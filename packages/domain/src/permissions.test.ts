import { describe, expect, it } from 'vitest';
import { hasAccess, PERMISSION_KEYS } from './permissions';

describe('access check', () => {
  const clientAccess = ['contact.view', 'chat.view'];

  it('judges a staff user by its own list, not the company list', () => {
    expect(hasAccess({ account: 'user', userAccess: ['chat.view'], clientAccess }, 'chat.view')).toBe(true);
    expect(hasAccess({ account: 'user', userAccess: ['chat.view'], clientAccess }, 'contact.view')).toBe(
      false,
    );
  });

  it('judges the owner by the company list', () => {
    expect(hasAccess({ account: 'client', userAccess: [], clientAccess }, 'contact.view')).toBe(true);
    expect(hasAccess({ account: 'client', userAccess: ['deal.view'], clientAccess }, 'deal.view')).toBe(
      false,
    );
  });

  it('grants every company key with the market flag', () => {
    expect(hasAccess({ account: 'user', userAccess: [], clientAccess: [], market: true }, 'deal.view')).toBe(
      true,
    );
  });

  it('keeps master-only keys for the master account', () => {
    const all = ['client.view', 'plan.view'];
    expect(hasAccess({ account: 'client', userAccess: [], clientAccess: all }, 'client.view')).toBe(false);
    expect(
      hasAccess({ account: 'user', userAccess: all, clientAccess: all, market: true }, 'plan.view'),
    ).toBe(false);
    expect(hasAccess({ account: 'master', userAccess: [], clientAccess: all }, 'client.view')).toBe(true);
  });
});

describe('permission keys', () => {
  it('names only the chat keys of spec section 6 (writing and transferring have none of their own)', () => {
    expect(PERMISSION_KEYS.filter((key) => key.startsWith('chat.')).sort()).toEqual([
      'chat.lockchat',
      'chat.releasechat',
      'chat.unlockall',
      'chat.unlockchatmany',
      'chat.view',
    ]);
  });
});
