import { describe, expect, it } from 'vitest';
import { type ComposerSubject, composerState } from './composer';

const mine: ComposerSubject = {
  userId: 'u1',
  canAnswer: true,
  isDeviceConnected: true,
  derivedto: 'u1',
  answerbot: false,
};

describe('composer rule', () => {
  it('lets the assignee with the answer flag write on a connected device', () => {
    expect(composerState(mine)).toBe('ready');
  });

  it('says the user has no permission before anything else', () => {
    expect(composerState({ ...mine, canAnswer: false, isDeviceConnected: false })).toBe('noPermission');
  });

  it('says the device is not active when it is disconnected', () => {
    expect(composerState({ ...mine, isDeviceConnected: false })).toBe('deviceInactive');
  });

  it('asks to take the conversation when nobody or the bot holds it', () => {
    expect(composerState({ ...mine, derivedto: '' })).toBe('mustTake');
    expect(composerState({ ...mine, answerbot: true })).toBe('mustTake');
  });

  it('says another user took the conversation', () => {
    expect(composerState({ ...mine, derivedto: 'u2' })).toBe('takenByOther');
  });
});
