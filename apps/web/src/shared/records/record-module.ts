import { isPermissionKey, type PermissionKey, type RecordField, type ViewModule } from '@conversa/domain';

/**
 * What a module tells the record kit about itself; the kit builds the table, filters, views, bulk
 * actions, export and import from it. Contacts, for example:
 * `{ module: 'contact', api: 'contact', permission: 'contact', fields: MODULE_FIELDS.contact,
 *    rowId: (row) => row.id, detailPath: (row) => `/app/contacts/detail/${row.id}`, ... }`.
 */
export type RecordModule = {
  /** The module's name for views, dynamic lists, view fields and realtime notifications. */
  module: ViewModule;
  /** The i18n key of the page title. */
  titleKey: string;
  /** The route prefix under /api/v1/{locale}/: `{api}/search`, `{api}/updateone/{id}`, `imports/{api}`. */
  api: string;
  /** Permission keys are `{permission}.view|create|edit|delete|import|export|bulkupdate|bulkdelete`. */
  permission: string;
  fields: readonly RecordField[];
  rowId: (row: RecordRow) => string;
  /** The /app path of a record's detail page, opened in a new tab from the table. */
  detailPath: (row: RecordRow) => string;
  /** The column whose cell links to the detail page (usually the name). */
  linkKey: string;
  /** The field the search box looks in (`contains`). */
  searchKey: string;
  /** The phone field the search box looks in when the text is a phone number. */
  phoneKey?: string;
  /** The fields `{api}/updatemany` accepts, when fewer than the editable ones. */
  bulkKeys?: readonly string[];
};

export type RecordAction =
  | 'view'
  | 'create'
  | 'edit'
  | 'delete'
  | 'import'
  | 'export'
  | 'bulkupdate'
  | 'bulkdelete';

/** The permission key of an action on the module; undefined when the catalogue has no such key (never allowed). */
export const permissionOf = (
  config: Pick<RecordModule, 'permission'>,
  action: RecordAction,
): PermissionKey | undefined => {
  const key = `${config.permission}.${action}`;
  return isPermissionKey(key) ? key : undefined;
};

/** Any record as the table holds it: a JSON object from the module's search. */
export type RecordRow = Record<string, unknown>;
