import type { Condition } from '../search';

/**
 * How a record field is shown, filtered and edited, on both sides. The server maps each key to a column
 * (its search whitelist); the web picks the cell, the editor and the filter's value input from the type.
 * - `select`: one id of a dynamic list (`status_id`, a contact's `stage`); `tags`: a list of such ids.
 * - `user` / `users`: one user id / a list of user ids; `money`: a number in the company's number format.
 * - `enum`: one of the field's fixed `options` (a deal's outcome, a task's priority), shown translated.
 * - `pipeline` / `stage`: a deal's pipeline id / the id of a stage of that pipeline (the account's
 *   `list_pipeline` names them).
 */
export const FIELD_TYPES = [
  'text',
  'phone',
  'email',
  'number',
  'money',
  'date',
  'datetime',
  'boolean',
  'select',
  'tags',
  'user',
  'users',
  'country',
  'enum',
  'pipeline',
  'stage',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The conditions each type offers, in the order the filter builder lists them. */
export const CONDITIONS_BY_FIELD_TYPE: Record<FieldType, readonly Condition[]> = {
  text: ['contains', 'equalto', 'in', 'empty', 'notempty'],
  phone: ['contains', 'equalto', 'empty', 'notempty'],
  email: ['contains', 'equalto', 'empty', 'notempty'],
  country: ['equalto', 'in', 'empty', 'notempty'],
  number: ['equalto', 'gte', 'lte', 'gt', 'lt', 'between', 'empty', 'notempty'],
  money: ['equalto', 'gte', 'lte', 'gt', 'lt', 'between', 'empty', 'notempty'],
  date: ['equalto', 'gte', 'lte', 'gt', 'lt', 'between', 'empty', 'notempty'],
  datetime: ['equalto', 'gte', 'lte', 'gt', 'lt', 'between', 'empty', 'notempty'],
  boolean: ['equalto'],
  select: ['equalto', 'in', 'empty', 'notempty'],
  tags: ['equalto', 'in', 'empty', 'notempty'],
  user: ['equalto', 'in', 'empty', 'notempty'],
  users: ['equalto', 'in', 'empty', 'notempty'],
  enum: ['equalto', 'in'],
  pipeline: ['equalto', 'in'],
  stage: ['equalto', 'in'],
};

/** One field of a record module, declared once in this package. */
export type RecordField = {
  /** The API key (filters, sort, views, export columns); dot paths such as `info.phone` allowed. */
  key: string;
  /** The web bundle key of the column's title. */
  i18n: string;
  type: FieldType;
  /** The column can order a search. */
  sortable?: boolean;
  /** The filter builder offers it (every field can still be a column). */
  filter?: boolean;
  /** Editable in place in the table (and in bulk update), given the module's edit permission. */
  editable?: boolean;
  /** A column of the export file. */
  exportable?: boolean;
  /** A column the import reads (the header is the key's last segment). */
  importable?: boolean;
  /** For `select` and `tags`: the dynamic-list field whose items it carries (`status_id` or `tags`). */
  list?: 'status_id' | 'tags';
  /** Shown by default when the user has no saved view. */
  visible?: boolean;
  /**
   * For `enum`: the values, each titled by the web bundle key `{i18n}.{value}` of `options.i18n`. A `text`
   * field may have them too: its usual values shown translated, any other text as it is.
   */
  options?: { values: readonly string[]; i18n: string };
};

export type Trait = 'sortable' | 'filter' | 'editable' | 'exportable' | 'importable' | 'visible';

/** A field in one line: `field('email', 'email', 'email', ['filter', 'editable'])`; `i18n` is under records.field. */
export const field = (
  key: string,
  name: string,
  type: FieldType,
  traits: readonly Trait[],
  list?: RecordField['list'],
): RecordField => ({
  key,
  i18n: `records.field.${name}`,
  type,
  ...Object.fromEntries(traits.map((trait) => [trait, true])),
  ...(list ? { list } : {}),
});

/** An `enum` field: `enumField('stage', 'outcome', DEAL_OUTCOMES, 'deals.outcome', [...])`. */
export const enumField = (
  key: string,
  name: string,
  values: readonly string[],
  optionsI18n: string,
  traits: readonly Trait[],
): RecordField => ({ ...field(key, name, 'enum', traits), options: { values, i18n: optionsI18n } });

/** Every trait but `visible`: a field the user can do anything with. */
export const ALL_TRAITS: readonly Trait[] = ['sortable', 'filter', 'editable', 'exportable', 'importable'];

/**
 * The person fields contacts and leads share. `prefix` is where the API nests them ('info.' on a contact);
 * a contact's phone is its conversation, so it is not edited in a table cell.
 */
export const personFields = (
  prefix: '' | 'info.',
  options: { isPhoneEditable: boolean; isCountryVisible: boolean },
) => [
  field(`${prefix}full_name`, 'fullName', 'text', ['sortable', 'filter', 'exportable', 'visible']),
  field(`${prefix}first_name`, 'firstName', 'text', ALL_TRAITS),
  field(`${prefix}last_name`, 'lastName', 'text', ALL_TRAITS),
  field(
    `${prefix}phone`,
    'phone',
    'phone',
    options.isPhoneEditable
      ? [...ALL_TRAITS, 'visible']
      : ['sortable', 'filter', 'exportable', 'importable', 'visible'],
  ),
  field(`${prefix}email`, 'email', 'email', [...ALL_TRAITS, 'visible']),
  field(`${prefix}document`, 'document', 'text', ALL_TRAITS),
  field(
    `${prefix}country`,
    'country',
    'country',
    options.isCountryVisible ? [...ALL_TRAITS, 'visible'] : ALL_TRAITS,
  ),
];

export const tagsField = (): RecordField =>
  field('tags', 'tags', 'tags', ['filter', 'editable', 'exportable', 'importable', 'visible'], 'tags');

export const ownerField = (isVisible: boolean): RecordField =>
  field(
    'owner',
    'owner',
    'users',
    isVisible ? ['filter', 'editable', 'exportable', 'visible'] : ['filter', 'editable', 'exportable'],
  );

export const createDateField = (): RecordField =>
  field('create_date', 'createDate', 'datetime', ['sortable', 'filter', 'exportable', 'visible']);

/** `GET view/fields/{module}`: the keys a view, a filter or an export may name, with what to offer. */
export type SettingViewField = {
  key: string;
  i18n: string;
  name: string;
  type: FieldType;
  conditions: Condition[];
  filter: boolean;
  sortable: boolean;
  editable: boolean;
  list?: 'status_id' | 'tags';
  options?: RecordField['options'];
};

export const settingViewFields = (
  fields: readonly RecordField[],
  translate: (i18n: string) => string = (key) => key,
): SettingViewField[] =>
  fields.map((field) => ({
    key: field.key,
    i18n: field.i18n,
    name: translate(field.i18n),
    type: field.type,
    conditions: [...CONDITIONS_BY_FIELD_TYPE[field.type]],
    filter: field.filter ?? false,
    sortable: field.sortable ?? false,
    editable: field.editable ?? false,
    ...(field.list ? { list: field.list } : {}),
    ...(field.options ? { options: field.options } : {}),
  }));

/** The columns a table shows before the user saves a view. */
export const defaultColumns = (fields: readonly RecordField[]): string[] =>
  fields.filter((field) => field.visible).map((field) => field.key);
