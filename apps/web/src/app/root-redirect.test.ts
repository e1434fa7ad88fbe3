import { describe, expect, it } from 'vitest';
import { rootTarget } from './root-redirect';

describe('opening the root path', () => {
  it('sends a visitor without a session to sign in', () => {
    expect(rootTarget(false, false)).toBe('/signin');
  });

  it('sends a visitor of the embedded widget to the chat sign-in', () => {
    expect(rootTarget(false, true)).toBe('/chat-signin');
  });

  it("sends a signed-in user to /app (their account's home), or to the widget chat when embedded", () => {
    expect(rootTarget(true, false)).toBe('/app');
    expect(rootTarget(true, true)).toBe('/app/chat-iframe');
  });
});
