import { COUNTRIES, type SettingViewField, type ViewModule } from '@conversa/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/use-account';

/** One choice of a select-like field: a list item, a user, a country, yes/no, an enum value, a pipeline or stage. */
export type FieldOption = { id: string; label: string; color?: string };

/** The names of countries in the person's language (Intl), cached per language. */
const countryNames = new Map<string, Intl.DisplayNames>();
export const countryName = (code: string, language: string): string => {
  let names = countryNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region' });
    countryNames.set(language, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * The choices a field offers in editors, filters and bulk updates: the module's dynamic-list items of
 * the field's list (active ones), the company's users, the countries, yes and no, the enum's values, the
 * pipelines, or the stages (named with their pipeline when the company has several).
 */
export const useFieldOptions = (module: ViewModule, field: SettingViewField | undefined): FieldOption[] => {
  const { t, i18n } = useTranslation();
  const { list_dinamic, list_user, list_pipeline } = useAccount();
  return useMemo(() => {
    switch (field?.type) {
      case 'select':
      case 'tags':
        return list_dinamic
          .filter((item) => item.module === module && item.field === (field.list ?? field.key) && item.status)
          .sort((a, b) => a.position - b.position)
          .map((item) => ({ id: item.id, label: item.name, color: item.color }));
      case 'user':
      case 'users':
        return list_user.map((user) => ({ id: user.id, label: user.name }));
      case 'country':
        return COUNTRIES.map((country) => ({
          id: country.code,
          label: countryName(country.code, i18n.language),
        }));
      case 'boolean':
        return [
          { id: 'true', label: t('records.cell.yes') },
          { id: 'false', label: t('records.cell.no') },
        ];
      case 'enum': {
        const options = field.options;
        return (options?.values ?? []).map((value) => ({ id: value, label: t(`${options?.i18n}.${value}`) }));
      }
      case 'pipeline':
        return list_pipeline.map((pipeline) => ({ id: pipeline.id, label: pipeline.name }));
      case 'stage':
        return list_pipeline.flatMap((pipeline) =>
          pipeline.stages.map((stage) => ({
            id: stage.id,
            label: list_pipeline.length > 1 ? `${pipeline.name} · ${stage.name}` : stage.name,
            color: stage.color,
          })),
        );
      default:
        return [];
    }
  }, [field, module, list_dinamic, list_user, list_pipeline, i18n.language, t]);
};

/** Whether a field is chosen from a list rather than typed. */
export const isChoiceType = (type: SettingViewField['type']): boolean =>
  ['select', 'tags', 'user', 'users', 'country', 'boolean', 'enum', 'pipeline', 'stage'].includes(type);
