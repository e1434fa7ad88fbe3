import { isListModule, type ListField, type RecordField } from '@conversa/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { listDinamic } from '../db/schema';
import { badRequest, type FieldIssue } from '../http/app-error';
import { isUuid } from '../http/route-schemas';

/** One list-item id a write brings, with where the body gave it (`tags.1`, `update.status_id`). */
type Wanted = { id: string; path: string; list: ListField };

const idsIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value !== '' ? [value] : [];

/**
 * Checks a write's list-item ids. `prefix`: where the body holds the fields (`update.` in a bulk).
 * `current`: the record an update changes; the ids it already carries pass as they are, so an item deleted
 * from a module whose records keep its id (list-item-carriers.ts) does not block the record's other edits.
 */
export type ListItemCheck = (
  db: Executor,
  clientId: string,
  values: Record<string, unknown>,
  options?: { prefix?: string; current?: Record<string, unknown> },
) => Promise<void>;

/**
 * The kit's check of the fields that carry dynamic-list items (RecordField.list: a `select` holds one status,
 * `tags` a list of tags): every id a write brings must be an item of the caller's company, of the record's
 * module and of that field's list (a lead's tag is no contact's tag, a tag no status). Else 400 naming each
 * value. The values are a create's row or an update's patch, whose keys are the fields'.
 */
export const createListItemCheck = (module: {
  name: string;
  fields: readonly RecordField[];
}): ListItemCheck => {
  const listFields = module.fields.flatMap((field) =>
    field.list ? [{ key: field.key, list: field.list }] : [],
  );
  if (listFields.length === 0) return async () => {};
  const moduleName = module.name;
  if (!isListModule(moduleName)) {
    throw new Error(`${moduleName}: a field carries list items but the module has no lists`);
  }

  return async (db, clientId, values, { prefix = '', current } = {}) => {
    const wanted: Wanted[] = listFields.flatMap(({ key, list }) => {
      if (!(key in values)) return [];
      const carried = new Set(idsIn(current?.[key]));
      const given = values[key];
      const path = (index: number) => (Array.isArray(given) ? `${prefix}${key}.${index}` : `${prefix}${key}`);
      return idsIn(given).flatMap((id, index) => (carried.has(id) ? [] : [{ id, path: path(index), list }]));
    });
    if (wanted.length === 0) return;
    const candidates = [...new Set(wanted.map((item) => item.id).filter(isUuid))];
    // One read per write, of only the ids it names. A delete of an item committed meanwhile may leave its
    // id on the record: it names nothing, as any deleted item's id would.
    const found =
      candidates.length === 0
        ? []
        : await db
            .select({ id: listDinamic.id, field: listDinamic.field })
            .from(listDinamic)
            .where(
              and(
                eq(listDinamic.client_id, clientId),
                eq(listDinamic.module, moduleName),
                inArray(listDinamic.id, candidates),
              ),
            );
    const listOf = new Map(found.map((item) => [item.id, item.field] as const));
    const issues: FieldIssue[] = wanted
      .filter((item) => listOf.get(item.id) !== item.list)
      .map((item) => ({ path: item.path, message: 'validation.listItem' }));
    if (issues.length > 0) throw badRequest(issues);
  };
};
