import { describe, expect, it } from 'vitest';
import { isWindowOpen, nextWindowOpening } from './send-window';

const MINUTE_MS = 60_000;

/** The plain rule: the first minute from now at which the window is open, looked at one by one. */
const firstOpenMinute = (window: Parameters<typeof isWindowOpen>[0], now: Date, timeZone: string) => {
  if (isWindowOpen(window, now, timeZone)) return now;
  const start = Math.ceil(now.getTime() / MINUTE_MS) * MINUTE_MS;
  for (let at = start; at <= start + 8 * 1440 * MINUTE_MS; at += MINUTE_MS) {
    if (isWindowOpen(window, new Date(at), timeZone)) return new Date(at);
  }
  return undefined;
};

describe('the next opening of a send window', () => {
  it('is Monday 09:00 in the company’s zone for a working-hours window asked on a Saturday', () => {
    const saturday = new Date('2026-04-11T15:00:00Z');
    const at = nextWindowOpening(
      { from: '09:00', to: '20:00', days: [1, 2, 3, 4, 5] },
      saturday,
      'America/Santiago',
    );
    expect(at?.toISOString()).toBe('2026-04-13T13:00:00.000Z');
  });

  it('is now while the window is open, and never for a window without days', () => {
    const now = new Date('2026-04-13T15:00:00Z');
    expect(nextWindowOpening({ from: '09:00', to: '20:00', days: [1] }, now, 'America/Santiago')).toEqual(
      now,
    );
    expect(
      nextWindowOpening({ from: '09:00', to: '20:00', days: [] }, now, 'America/Santiago'),
    ).toBeUndefined();
  });

  it('agrees with a minute-by-minute search, across midnight and daylight-saving changes', () => {
    const windows = [
      { from: '00:00', to: '08:00', days: [7] },
      { from: '22:00', to: '06:00', days: [6] },
      { from: '10:10', to: '10:20', days: [2, 4] },
      { from: '01:30', to: '02:30', days: [1, 2, 3, 4, 5, 6, 7] },
    ];
    const moments = [
      ['2026-09-05T16:00:00Z', 'America/Santiago'],
      ['2026-04-04T20:00:00Z', 'America/Santiago'],
      ['2026-03-28T12:00:00Z', 'Europe/Madrid'],
      ['2026-10-24T12:00:00Z', 'Europe/Madrid'],
      ['2026-11-27T23:59:30Z', 'Asia/Shanghai'],
    ] as const;
    for (const window of windows) {
      for (const [iso, zone] of moments) {
        const now = new Date(iso);
        expect(nextWindowOpening(window, now, zone), `${JSON.stringify(window)} ${iso} ${zone}`).toEqual(
          firstOpenMinute(window, now, zone),
        );
      }
    }
  });
});
