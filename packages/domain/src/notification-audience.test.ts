import { describe, expect, it } from 'vitest';
import { notificationFor } from './notification-audience';
import { CLIENT_PERMISSIONS } from './permissions';

const holderOf = (key: string) => ({
  account: 'user' as const,
  userAccess: [key],
  clientAccess: [...CLIENT_PERMISSIONS],
  userId: 'u1',
});

const message = { module: 'message', data: [{ id: 'm1', conversation: { id: 'k1' } }] };
const contact = { module: 'contact', data: [{ id: 'k1' }] };

describe('a new message carries its conversation', () => {
  it('only to people who receive that conversation anyway', () => {
    for (const key of CLIENT_PERMISSIONS) {
      const receiver = holderOf(key);
      if (notificationFor(receiver, message, null) === null) continue;
      expect(notificationFor(receiver, contact, null), key).not.toBeNull();
    }
    const addressed = holderOf('task.view');
    expect(notificationFor(addressed, message, 'u1')).not.toBeNull();
    expect(notificationFor(addressed, contact, 'u1')).not.toBeNull();
  });

  it('whole, to a chat viewer', () => {
    expect(notificationFor(holderOf('chat.view'), message, null)?.data).toEqual(message.data);
  });
});

describe('tags and saved views', () => {
  it('a tag change reaches everyone in the company, whatever their keys', () => {
    const tag = { module: 'listdinamic', data: [{ id: 't1', name: 'VIP' }] };
    expect(notificationFor(holderOf('task.view'), tag, null)?.data).toEqual(tag.data);
  });

  it("a personal view reaches its owner whole and colleagues as its id and owner only; the company's view whole", () => {
    const personal = { module: 'view', data: [{ id: 'v1', module: 'contact', owner: 'u2', name: 'Mine' }] };
    const owner = { ...holderOf('chat.view'), userId: 'u2' };
    expect(notificationFor(owner, personal, 'u2')?.data).toEqual(personal.data);
    expect(notificationFor(holderOf('chat.view'), personal, 'u2')?.data).toEqual([
      { id: 'v1', module: 'contact', owner: 'u2' },
    ]);
    const shared = { module: 'view', data: [{ id: 'v2', module: 'lead', owner: null, name: 'Team' }] };
    expect(notificationFor(holderOf('task.view'), shared, null)?.data).toEqual(shared.data);
  });
});
