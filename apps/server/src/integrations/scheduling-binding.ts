import { SCHEDULING_CONFIG_SCHEMAS, type SchedulingIntegrationType } from '@conversa/domain';
import type { SchedulingAdapter, SchedulingRegistry } from './scheduling-adapter';

/** A scheduling system's adapter with its stored settings read by its type's rules (secrets decrypted). */
export type BoundScheduling = {
  [K in keyof SchedulingAdapter<unknown>]: SchedulingAdapter<unknown>[K] extends (
    config: unknown,
    ...rest: infer R
  ) => infer A
    ? (...rest: R) => A
    : never;
};

/**
 * Binds an outside scheduling system (never the Standard agenda, which makes no call) to its settings:
 * callers hold the stored config as a plain record; the adapter receives its type's parsed settings.
 */
export const bindScheduling = (
  adapters: SchedulingRegistry,
  type: Exclude<SchedulingIntegrationType, 'standard'>,
  stored: Record<string, unknown>,
): BoundScheduling => {
  const adapter = adapters[type] as unknown as SchedulingAdapter<unknown>;
  const config = SCHEDULING_CONFIG_SCHEMAS[type].parse(stored);
  return {
    check: (context) => adapter.check(config, context),
    catalog: () => adapter.catalog(config),
    pull: (range, context) => adapter.pull(config, range, context),
    writeBack: (target, answer) => adapter.writeBack(config, target, answer),
  };
};
