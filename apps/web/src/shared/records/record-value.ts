import type { RecordRow } from './record-module';

/** The value at a field key of a record; dot paths (`info.phone`) walk into nested objects. */
export const valueAt = (row: RecordRow, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => {
    if (typeof node !== 'object' || node === null) return undefined;
    return (node as Record<string, unknown>)[part];
  }, row);

/** A copy of the record with one field changed, nested objects copied along the path. */
export const withValueAt = (row: RecordRow, key: string, value: unknown): RecordRow => {
  const [head, ...rest] = key.split('.');
  if (head === undefined) return row;
  if (rest.length === 0) return { ...row, [head]: value };
  const child = row[head];
  const nested = typeof child === 'object' && child !== null ? (child as RecordRow) : {};
  return { ...row, [head]: withValueAt(nested, rest.join('.'), value) };
};

/** The update body of one field: `info.email` becomes `{ info: { email } }`, as updateone takes it. */
export const changeOf = (key: string, value: unknown): RecordRow => withValueAt({}, key, value);
