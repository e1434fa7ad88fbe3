import { afterEach, describe, expect, it, vi } from 'vitest';
import { showDesktopAlert } from '../../shared/desktop-alert';
import { alertOf } from './alerts';

const assigned = {
  module: 'alert',
  action: 'chat_assigned',
  data: [{ contact_id: 'c1', full_name: 'Rita Díaz' }],
  msg: 'Ana te transfirió la conversación con Rita Díaz',
  ref: 'c1',
};

/** The browser's Notifications API as jsdom lacks it: each notification shown is recorded. */
const stubNotifications = (permission: NotificationPermission) => {
  const shown: {
    title: string;
    options: NotificationOptions;
    onclick: (() => void) | null;
    closed: boolean;
  }[] = [];
  class FakeNotification {
    static permission = permission;
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push(
        Object.assign(this, {
          title,
          options,
          closed: false,
        }) as unknown as (typeof shown)[number],
      );
    }
    close() {
      (this as unknown as { closed: boolean }).closed = true;
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return shown;
};

const inBackground = () => vi.spyOn(document, 'hasFocus').mockReturnValue(false);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('desktop alerts', () => {
  it('an assignment shows on the desktop while the app is behind other windows; a click opens the conversation', () => {
    const shown = stubNotifications('granted');
    inBackground();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const opened: string[] = [];

    const alert = alertOf(assigned);
    expect(alert && showDesktopAlert(alert, () => opened.push(alert.contactId))).toBe(true);

    expect(shown).toHaveLength(1);
    const [notification] = shown as [(typeof shown)[number]];
    expect(notification.title).toBe('Rita Díaz');
    expect(notification.options).toMatchObject({
      body: 'Ana te transfirió la conversación con Rita Díaz',
      tag: 'chat_assigned:c1',
    });
    notification.onclick?.();
    expect(opened).toEqual(['c1']);
    expect(focus).toHaveBeenCalled();
    expect(notification.closed).toBe(true);
  });

  it('nothing reaches the desktop without the browser permission, or while the app is in front', () => {
    const alert = alertOf(assigned);
    if (!alert) throw new Error('not an alert');
    expect(showDesktopAlert(alert, () => undefined)).toBe(false);

    for (const permission of ['default', 'denied'] as const) {
      const shown = stubNotifications(permission);
      inBackground();
      expect(showDesktopAlert(alert, () => undefined)).toBe(false);
      expect(shown).toEqual([]);
    }

    const shown = stubNotifications('granted');
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    expect(showDesktopAlert(alert, () => undefined)).toBe(false);
    expect(shown).toEqual([]);
  });

  it('only alerts are alerts: a contact change, even with a text, is not', () => {
    expect(alertOf({ ...assigned, module: 'contact', data: [{ id: 'c1', derivedto: 'u2' }] })).toBeNull();
  });
});
