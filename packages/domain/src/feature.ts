import { z } from 'zod';
import { FEATURE_KINDS } from './billing';
import { INT4_MAX } from './input-limits';
import { catalogueCode, dollarAmount, wholeAmount } from './plan-admin';
import { MESSAGES, requiredText } from './validation';

/** `POST feature/create` (master): what a company can buy besides a plan. */
/** A whole number of units, at least one. */
const quantity = () =>
  z
    .number({ error: MESSAGES.positive })
    .int(MESSAGES.positive)
    .min(1, MESSAGES.positive)
    .max(INT4_MAX, MESSAGES.positive);

export const featureCreateSchema = z.strictObject({
  code: catalogueCode(),
  name: requiredText().max(100),
  kind: z.enum(FEATURE_KINDS, { error: MESSAGES.required }),
  quantity: quantity(),
  price_clp: wholeAmount(),
  price_usd: dollarAmount(),
  is_public: z.boolean().default(true),
});
export type FeatureCreateInput = z.input<typeof featureCreateSchema>;

/** `PUT feature/updateone/{id}`: what is given changes. */
export const featureUpdateSchema = featureCreateSchema
  .extend({ is_public: z.boolean().optional() })
  .partial();
export type FeatureUpdateInput = z.input<typeof featureUpdateSchema>;

/**
 * `POST messagebag/updateone/{clientId}`: the master gives a company a bag of messages (a courtesy or a
 * payment made outside the product), spent like a bought one: after the plan's, oldest bag first.
 */
export const messageBagGrantSchema = z.strictObject({ quantity: quantity() });
export type MessageBagGrantInput = z.input<typeof messageBagGrantSchema>;
