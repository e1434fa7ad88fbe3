import { describe, expect, it } from 'vitest';
import { messageAlertFamily, pushesFor, soundsFor, wantsAlert } from './alerts';

describe('alert families', () => {
  it("names a customer's message by who holds the conversation and who owns the contact", () => {
    expect(messageAlertFamily({ derivedto: 'me', owner: [] }, 'me')).toBe('chat_assigned');
    expect(messageAlertFamily({ derivedto: 'ana', owner: ['me'] }, 'me')).toBe('chat_assigned_others');
    expect(messageAlertFamily({ derivedto: '', owner: ['ana', 'me'] }, 'me')).toBe('chat_unassigned_owner');
    expect(messageAlertFamily({ derivedto: '', owner: [] }, 'me')).toBe('chat_unassigned_unowner');
    expect(messageAlertFamily({ derivedto: '', owner: ['ana'] }, 'me')).toBe('chat_unassigned_owner_others');
  });

  it('a family left out of the list is never wanted', () => {
    expect(wantsAlert({ notifications: ['chat_assigned'] }, 'chat_assigned')).toBe(true);
    expect(wantsAlert({ notifications: ['chat_assigned'] }, 'chat_assigned_others')).toBe(false);
    expect(wantsAlert({ notifications: [] }, 'chat_assigned')).toBe(false);
  });

  it('a module beeps only with the sound on and in the list, and is shown only when in its list', () => {
    expect(soundsFor({ sound: true, sound_notification: ['chat', 'task'] }, 'task')).toBe(true);
    expect(soundsFor({ sound: false, sound_notification: ['chat', 'task'] }, 'chat')).toBe(false);
    expect(soundsFor({ sound: true, sound_notification: ['task'] }, 'chat')).toBe(false);
    expect(pushesFor({ push_notification: ['chat'] }, 'chat')).toBe(true);
    expect(pushesFor({ push_notification: ['chat'] }, 'task')).toBe(false);
    expect(pushesFor({ push_notification: [] }, 'chat')).toBe(false);
  });
});
