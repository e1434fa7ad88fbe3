import {
  defaultColumns,
  type RecordField,
  type SettingViewField,
  settingViewFields,
  type View,
  type ViewModule,
} from '@conversa/domain';

/**
 * Which columns a table shows: the saved view's, in its order, without keys the module no longer has;
 * without a usable view, the fields the module marks visible.
 */
export const columnsOf = (
  view: Pick<View, 'columns'> | undefined,
  fields: readonly Pick<SettingViewField, 'key'>[],
  declared: readonly RecordField[],
): string[] => {
  const known = new Set(fields.map((field) => field.key));
  const saved = [...new Set(view?.columns ?? [])].filter((key) => known.has(key));
  if (saved.length > 0) return saved;
  const visible = defaultColumns(declared).filter((key) => known.has(key));
  return visible.length > 0 ? visible : fields.slice(0, 3).map((field) => field.key);
};

/**
 * The view a person opens by default: their own default view, else the company's, else none (the
 * module's visible fields).
 */
export const defaultViewOf = (
  views: readonly View[],
  module: ViewModule,
  userId: string,
): View | undefined => {
  const mine = views.filter((view) => view.module === module);
  return (
    mine.find((view) => view.is_default && view.owner === userId) ??
    mine.find((view) => view.is_default && view.owner === null)
  );
};

/** The columns of an export: those shown, in their order, that the module can write to a file. */
export const exportColumnsOf = (columns: readonly string[], declared: readonly RecordField[]): string[] =>
  columns.filter((key) => declared.find((field) => field.key === key)?.exportable);

/** The fields a bulk update may change: editable ones, of those the module's updatemany accepts. */
export const bulkFieldsOf = (
  fields: readonly SettingViewField[],
  bulkKeys?: readonly string[],
): SettingViewField[] =>
  fields.filter((field) => field.editable && (!bulkKeys || bulkKeys.includes(field.key)));

/** The setting view when the server has not answered `view/fields` (or is older): from the declaration. */
export const fallbackFields = (
  declared: readonly RecordField[],
  translate: (i18n: string) => string,
): SettingViewField[] => settingViewFields(declared, translate);

/** Whether a person may change a saved view: their own, or the company's with setting.edit. */
export const canEditView = (view: Pick<View, 'owner'>, userId: string, canEditCompany: boolean): boolean =>
  view.owner === null ? canEditCompany : view.owner === userId;
