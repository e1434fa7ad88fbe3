import type { Feature, FeatureCreateInput, FeatureKind } from '@conversa/domain';
import { numberOf, textOf } from '../plans/catalogue-form';

/** The feature dialog's fields as typed: numbers as their inputs hold them. */
export type FeatureForm = {
  code: string;
  name: string;
  kind: FeatureKind;
  quantity: string;
  price_clp: string;
  price_usd: string;
  is_public: boolean;
};

export const featureForm = (feature?: Feature): FeatureForm => ({
  code: feature?.code ?? '',
  name: feature?.name ?? '',
  kind: feature?.kind ?? 'message_bag',
  quantity: textOf(feature?.quantity ?? 1),
  price_clp: textOf(feature?.price_clp ?? 0),
  price_usd: textOf(feature?.price_usd ?? 0),
  is_public: feature?.is_public ?? true,
});

/** The body of feature/create and feature/updateone; featureCreateSchema judges it on both sides. */
export const featureInput = (form: FeatureForm): FeatureCreateInput => ({
  code: form.code.trim(),
  name: form.name,
  kind: form.kind,
  quantity: numberOf(form.quantity),
  price_clp: numberOf(form.price_clp),
  price_usd: numberOf(form.price_usd),
  is_public: form.is_public,
});
