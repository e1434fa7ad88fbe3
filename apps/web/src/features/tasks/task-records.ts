import { type SettingViewField, settingViewFields, TASK_FIELDS } from '@conversa/domain';
import type { RecordModule } from '../../shared/records/record-module';

export const TASKS_PATH = '/app/tasks';
/** A task's own address: the tasks page with its dialog open (the reminder e-mail links here). */
export const taskPath = (id: string) => `${TASKS_PATH}?task=${encodeURIComponent(id)}`;

/** Tasks on the record kit: the table, filters, views, bulk complete and delete, and export come from this. */
export const TASK_RECORDS: RecordModule = {
  module: 'task',
  titleKey: 'nav.tasks',
  api: 'task',
  permission: 'task',
  fields: TASK_FIELDS,
  rowId: (row) => String(row.id),
  detailPath: (row) => taskPath(String(row.id)),
  linkKey: 'title',
  searchKey: 'title',
  bulkKeys: ['complete', 'priority', 'status_id', 'tags', 'owner'],
};

const FIELDS = settingViewFields(TASK_FIELDS);

/** A task field as the record kit's inputs take it (its type and dynamic list). */
export const taskField = (key: 'tags' | 'status_id'): SettingViewField => {
  const field = FIELDS.find((candidate) => candidate.key === key);
  if (!field) throw new Error(`TASK_FIELDS has no ${key}`);
  return field;
};
