import {
  CONDITIONS_BY_FIELD_TYPE,
  type Locale,
  MODULE_FIELDS,
  type SettingViewField,
  type SettingViews,
  settingViewFields,
  VIEW_MODULES,
  type ViewModule,
} from '@conversa/domain';
import type { FieldIssue } from '../../core/http/app-error';
import { isMessageKey, translate } from '../../core/i18n/i18n';

/** A field's title in the request's language; a key the server has no text for is answered as is. */
const fieldName = (locale: Locale) => (key: string) => (isMessageKey(key) ? translate(locale, key) : key);

/** `view/fields/{module}`: the only keys a view, a filter or an export may name for the module. */
export const settingViewOf = (module: ViewModule, locale: Locale): SettingViewField[] =>
  settingViewFields(MODULE_FIELDS[module], fieldName(locale));

/** The account bundle's `setting_views`: every view module's setting view. */
export const settingViewsOf = (locale: Locale): SettingViews =>
  Object.fromEntries(VIEW_MODULES.map((module) => [module, settingViewOf(module, locale)]));

type ViewShape = {
  columns?: string[];
  filters?: { filters: { key: string; condition: string }[] };
  sort?: { key: string } | null;
};

/**
 * The keys a view names must be the module's fields: columns any field, filters a filterable one with a
 * condition of its type, the sort a sortable one. Each problem is a 400 naming its path (`columns.2`).
 */
export const viewFieldIssues = (module: ViewModule, view: ViewShape): FieldIssue[] => {
  const fields = new Map(MODULE_FIELDS[module].map((field) => [field.key, field]));
  const issues: FieldIssue[] = [];
  view.columns?.forEach((key, index) => {
    if (!fields.has(key)) issues.push({ path: `columns.${index}`, message: 'validation.unknownKey' });
  });
  view.filters?.filters.forEach((filter, index) => {
    const field = fields.get(filter.key);
    const path = `filters.filters.${index}`;
    if (!field?.filter) issues.push({ path: `${path}.key`, message: 'validation.unknownKey' });
    else if (!(CONDITIONS_BY_FIELD_TYPE[field.type] as readonly string[]).includes(filter.condition))
      issues.push({ path: `${path}.condition`, message: 'validation.unknownCondition' });
  });
  if (view.sort) {
    const field = fields.get(view.sort.key);
    if (!field) issues.push({ path: 'sort.key', message: 'validation.unknownKey' });
    else if (!field.sortable) issues.push({ path: 'sort.key', message: 'validation.notSortable' });
  }
  return issues;
};
