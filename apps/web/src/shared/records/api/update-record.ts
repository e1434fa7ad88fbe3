import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, firstOf } from '../../api-client';
import { notify } from '../../notify';
import type { RecordModule, RecordRow } from '../record-module';
import { changeOf, valueAt, withValueAt } from '../record-value';
import { patchLoadedRows, recordsKey, recordsSearchKey } from './search-records';

export type FieldChange = { id: string; key: string; value: unknown };

export const updateRecord = async (config: Pick<RecordModule, 'api'>, id: string, change: RecordRow) =>
  firstOf(
    await api.request<RecordRow>(`${config.api}/updateone/${id}`, {
      method: 'PUT',
      body: change,
      errors: 'caller',
    }),
  );

/**
 * Saves one field of one record (the inline-editable cell): shown at once in every loaded table, put back
 * with a message in the snackbar if the server refuses.
 */
export const useUpdateRecordField = (config: RecordModule) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isRow = (id: string) => (row: RecordRow) => config.rowId(row) === id;
  return useMutation({
    mutationFn: ({ id, key, value }: FieldChange) => updateRecord(config, id, changeOf(key, value)),
    onMutate: async ({ id, key, value }) => {
      await queryClient.cancelQueries({ queryKey: recordsSearchKey(config.module) });
      let before: unknown;
      patchLoadedRows(queryClient, config.module, (row) => {
        if (!isRow(id)(row)) return row;
        before = valueAt(row, key);
        return withValueAt(row, key, value);
      });
      return { before };
    },
    onError: (error, { id, key }, context) => {
      patchLoadedRows(queryClient, config.module, (row) =>
        isRow(id)(row) ? withValueAt(row, key, context?.before) : row,
      );
      notify(`${t('records.edit.failed')} ${error.message}`.trim(), 'error');
    },
    onSuccess: (saved, { id }) => {
      patchLoadedRows(queryClient, config.module, (row) => (isRow(id)(row) ? { ...row, ...saved } : row));
      // The kanban board groups by fields a cell can change.
      void queryClient.invalidateQueries({
        queryKey: recordsKey(config.module),
        predicate: (query) => query.queryKey[2] !== 'search',
      });
    },
  });
};
