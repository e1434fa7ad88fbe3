import { describe, expect, it } from 'vitest';
import { isInCrossOriginFrame } from './frame';

describe('embedded widget detection', () => {
  it('is not embedded in a top-level window', () => {
    const win = { self: null as unknown, top: { location: { href: 'https://app.test/' } } };
    win.self = win.top;
    expect(isInCrossOriginFrame(win)).toBe(false);
  });

  it('is not a widget inside a frame of the same origin', () => {
    expect(isInCrossOriginFrame({ self: {}, top: { location: { href: 'https://app.test/host' } } })).toBe(
      false,
    );
  });

  it('is a widget inside a frame of another origin', () => {
    const top = {
      location: {
        get href(): string {
          throw new DOMException('Blocked a frame with origin', 'SecurityError');
        },
      },
    };
    expect(isInCrossOriginFrame({ self: {}, top })).toBe(true);
  });

  it('is not embedded in the test window itself', () => {
    expect(isInCrossOriginFrame()).toBe(false);
  });
});
