import { describe, expect, it } from 'vitest';
import { messageIdsOf } from './confirmation-answers';
import { repliesOf } from './confirmation-replies';
import { rowIdsOf } from './confirmation-writeback';

/*
 * Answers, write-backs and replies were queued one job per record before they were grouped: a job queued
 * by that version (a deploy in the middle of a morning's burst) is still done by this one.
 */
describe("confirmations' jobs queued one per record by the version before", () => {
  const reply = { contactId: 'c1', deviceId: 'd1', tempId: 'cf-ack:r1', body: 'Tu hora quedó confirmada' };

  it('reads the grouped payloads as they are', () => {
    expect(messageIdsOf({ messageIds: ['m1', 'm2'] })).toEqual(['m1', 'm2']);
    expect(rowIdsOf({ rowIds: ['r1', 'r2'] })).toEqual(['r1', 'r2']);
    expect(repliesOf({ replies: [reply] })).toEqual([reply]);
  });

  it("reads an earlier job's one message, row or reply", () => {
    expect(messageIdsOf({ messageId: 'm1' })).toEqual(['m1']);
    expect(rowIdsOf({ rowId: 'r1' })).toEqual(['r1']);
    expect(repliesOf({ ...reply })).toEqual([reply]);
  });

  it('finds nothing to do in a payload that names nothing', () => {
    expect(messageIdsOf({})).toEqual([]);
    expect(rowIdsOf({})).toEqual([]);
    expect(repliesOf({ contactId: 'c1' })).toEqual([]);
  });
});
