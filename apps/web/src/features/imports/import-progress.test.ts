import { describe, expect, it } from 'vitest';
import { isRunning, progressOf } from './import-progress';

describe('import progress', () => {
  it('is the share of lines read while the job runs', () => {
    expect(progressOf({ status: 'running', processed: 12_500, total: 50_000 })).toBe(25);
    expect(progressOf({ status: 'queued', processed: 0, total: 0 })).toBe(0);
  });

  it('is whole once the job has ended, done or failed', () => {
    expect(progressOf({ status: 'done', processed: 10, total: 12 })).toBe(100);
    expect(progressOf({ status: 'failed', processed: 3, total: 12 })).toBe(100);
  });

  it('says a queued or running job is still on its way', () => {
    expect(isRunning({ status: 'queued' })).toBe(true);
    expect(isRunning({ status: 'running' })).toBe(true);
    expect(isRunning({ status: 'done' })).toBe(false);
  });
});
