import { PAYMENT_METHODS } from '@conversa/domain';
import type { TFunction } from 'i18next';

type KnownMethod = (typeof PAYMENT_METHODS)[number];

const isKnown = (value: string): value is KnownMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

/** A stored method as a person reads it: the offered ones translated, a company's own name as written. */
export const methodLabel = (t: TFunction, method: string): string =>
  isKnown(method) ? t(`payments.method.${method}`) : method;

/** What a typed method is stored as: an offered one by its key when its translated name is typed. */
export const methodOfText = (t: TFunction, text: string): string =>
  PAYMENT_METHODS.find(
    (method) => t(`payments.method.${method}`).toLocaleLowerCase() === text.trim().toLocaleLowerCase(),
  ) ?? text;
