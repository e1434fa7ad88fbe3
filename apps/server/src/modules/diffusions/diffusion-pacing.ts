import type { Diffusion } from '@conversa/domain';

/**
 * The spec's pacing as pure rules, so the sender and its tests agree: how long to wait after a send (an
 * interval, or a pause when a batch ends). The send window's rules are the domain's (send-window.ts), which
 * the web shares to say when a diffusion will start.
 */

/** A whole number in [min, max]. */
export const randomBetween = (min: number, max: number, random: () => number = Math.random): number =>
  min + Math.floor(random() * (max - min + 1));

/** A small seeded generator (mulberry32): the same diffusion always draws the same batch sizes. */
const seeded = (seedText: string) => {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/**
 * Whether the `sent`-th send (1-based) of a diffusion ends a batch. Batch sizes are drawn in
 * [min_batch, max_batch] from a generator seeded by the diffusion's id, so any process, after any
 * restart, finds the same boundaries from the count of sends alone (no batch state to keep).
 */
export const endsBatch = (diffusionId: string, pacing: Diffusion['pacing'], sent: number): boolean => {
  const random = seeded(diffusionId);
  let boundary = 0;
  while (boundary < sent) boundary += randomBetween(pacing.min_batch, pacing.max_batch, random);
  return boundary === sent;
};

/** Milliseconds to wait after the `sent`-th send: a pause between batches, else an interval. */
export const delayAfterSend = (
  diffusionId: string,
  pacing: Diffusion['pacing'],
  sent: number,
  random: () => number = Math.random,
): number =>
  1000 *
  (endsBatch(diffusionId, pacing, sent)
    ? randomBetween(pacing.min_pause, pacing.max_pause, random)
    : randomBetween(pacing.min_interval, pacing.max_interval, random));
