/** The shortest an appointment is drawn, in minutes, so a 5-minute one can still be read and clicked. */
export const MIN_DRAWN_MINUTES = 20;

export type Placed<T> = { item: T; start: number; end: number; lane: number; lanes: number };

/**
 * Side-by-side lanes for a day's appointments: each takes the first lane free at its start, and every
 * appointment of a group that overlaps shares the group's number of lanes, so none hides another.
 */
export const layoutDay = <T>(items: { item: T; start: number; duration: number }[]): Placed<T>[] => {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.duration - a.duration);
  const placed: Placed<T>[] = [];
  let group: Placed<T>[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    const lanes = Math.max(1, ...group.map((entry) => entry.lane + 1));
    for (const entry of group) entry.lanes = lanes;
    group = [];
  };
  for (const { item, start, duration } of sorted) {
    const end = start + Math.max(duration, MIN_DRAWN_MINUTES);
    if (start >= groupEnd) closeGroup();
    const taken = new Set(group.filter((entry) => entry.end > start).map((entry) => entry.lane));
    let lane = 0;
    while (taken.has(lane)) lane += 1;
    const entry = { item, start, end, lane, lanes: 1 };
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd, end);
  }
  closeGroup();
  return placed;
};
