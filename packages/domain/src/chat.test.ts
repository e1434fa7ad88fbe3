import { describe, expect, it } from 'vitest';
import { conversationsIn } from './chat';

describe('the conversations a notification brings', () => {
  it("are a contact notification's whole records, or the conversation each new message carries", () => {
    const ana = { id: 'k1', derivedto: 'u2', info: { full_name: 'Ana' } };
    expect(conversationsIn({ module: 'contact', data: [ana] })).toEqual([ana]);
    // An import or a bulk change of many records names them without their data: not conversations.
    expect(
      conversationsIn({ module: 'contact', data: [{ id: 'job-1', created: 40 }, { id: 'k2' }] }),
    ).toEqual([]);
    expect(
      conversationsIn({ module: 'message', data: [{ id: 'm1', conversation: ana }, { id: 'm2' }] }),
    ).toEqual([ana]);
    expect(conversationsIn({ module: 'note', data: [{ id: 'n1', conversation: ana }] })).toEqual([]);
  });
});
