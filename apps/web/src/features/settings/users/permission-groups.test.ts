import { CLIENT_PERMISSIONS } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { actionOf, groupState, permissionGroups, toggleGroup, toggleKey } from './permission-groups';

describe('permission checkboxes grouped by module', () => {
  it('groups every key of a full plan by its module, in the product order', () => {
    const groups = permissionGroups(CLIENT_PERMISSIONS);
    expect(groups[0]).toEqual({
      module: 'dashboard',
      keys: ['dashboard.advanced', 'dashboard.confirmation'],
    });
    expect(groups.find((group) => group.module === 'lead')?.keys).toContain('lead.bulkdelete');
    expect(groups.flatMap((group) => group.keys)).toEqual([...CLIENT_PERMISSIONS]);
  });

  it("offers only the keys the company's plan holds", () => {
    const groups = permissionGroups(['chat.view', 'contact.view', 'contact.edit', 'not.akey']);
    expect(groups).toEqual([
      { module: 'chat', keys: ['chat.view'] },
      { module: 'contact', keys: ['contact.view', 'contact.edit'] },
    ]);
  });

  it('says whether a module is fully, partly or not held', () => {
    const [contact] = permissionGroups(['contact.view', 'contact.edit']);
    if (!contact) throw new Error('no group');
    expect(groupState(contact, [])).toBe('none');
    expect(groupState(contact, ['contact.view'])).toBe('some');
    expect(groupState(contact, ['contact.edit', 'contact.view', 'chat.view'])).toBe('all');
  });

  it('ticks and clears a whole module without touching the others', () => {
    const [contact] = permissionGroups(['contact.view', 'contact.edit']);
    if (!contact) throw new Error('no group');
    expect(toggleGroup(contact, ['chat.view', 'contact.view'], true)).toEqual([
      'chat.view',
      'contact.view',
      'contact.edit',
    ]);
    expect(toggleGroup(contact, ['chat.view', 'contact.view'], false)).toEqual(['chat.view']);
  });

  it('ticks one key once and clears it', () => {
    expect(toggleKey('chat.view', ['chat.view'], true)).toEqual(['chat.view']);
    expect(toggleKey('chat.view', ['chat.view', 'log.view'], false)).toEqual(['log.view']);
    expect(actionOf('chat.unlockchatmany')).toBe('unlockchatmany');
  });
});
