import { describe, expect, it } from 'vitest';
import { conversationsIn } from './chat';

describe('the conversations a notification brings', () => {
  it("are a contact notification's records, or the conversation each new message carries", () => {
    const ana = { id: 'k1', derivedto: 'u2' };
    expect(conversationsIn({ module: 'contact', data: [ana] })).toEqual([ana]);
    expect(
      conversationsIn({ module: 'message', data: [{ id: 'm1', conversation: ana }, { id: 'm2' }] }),
    ).toEqual([ana]);
    expect(conversationsIn({ module: 'note', data: [{ id: 'n1', conversation: ana }] })).toEqual([]);
  });
});
