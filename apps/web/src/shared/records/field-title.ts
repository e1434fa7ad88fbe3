import type { SettingViewField } from '@conversa/domain';
import type { TFunction } from 'i18next';

/**
 * A field's title in the person's language: the web bundle's text, or the name the server translated
 * (`view/fields`) for a field this web build has no text for yet.
 */
export const fieldTitle = (t: TFunction, field: Pick<SettingViewField, 'i18n' | 'name'>): string =>
  t(field.i18n, { defaultValue: field.name });
