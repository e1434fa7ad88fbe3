import { createCalendlyAdapter } from './calendly/calendly.adapter';
import { createDentalsoftAdapter } from './dentalsoft/dentalsoft.adapter';
import { createHealthatomAdapter } from './healthatom/healthatom.adapter';
import type { SchedulingOptions, SchedulingRegistry } from './scheduling-adapter';

/**
 * Every clinic scheduling system by its integration type (`standard` is the product's own agenda and has
 * no adapter). One registry per process: the adapters keep the providers' tokens between calls.
 */
export const createSchedulingRegistry = (options: SchedulingOptions): SchedulingRegistry => ({
  dentalink: createHealthatomAdapter('dentalink', options),
  medilink: createHealthatomAdapter('medilink', options),
  dentalsoft: createDentalsoftAdapter(options),
  calendly: createCalendlyAdapter(options),
});
