import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../account/use-account';
import { useCreateView, useUpdateView } from './api/views';
import { canEditView } from './columns';
import type { RecordModule } from './record-module';
import type { RecordsState } from './use-records-state';

/**
 * Columns chosen in the column dialog are saved into the person's saved view: the chosen view when they
 * may change it ("Actualizar"), otherwise a new personal default view with the current filters ("Crear").
 */
export const useSaveColumns = (config: Pick<RecordModule, 'module'>, records: RecordsState) => {
  const { t } = useTranslation();
  const { user } = useAccount();
  const can = useCan();
  const createView = useCreateView();
  const updateView = useUpdateView();
  const { view, state, filters, change, chooseView } = records;
  const canSaveView = view !== undefined && canEditView(view, user.id, can('setting.edit'));

  const saveColumns = (columns: string[]) => {
    change({ columns });
    if (view && canSaveView) {
      updateView.mutate({ id: view.id, change: { columns } });
      return;
    }
    createView.mutate(
      {
        module: config.module,
        name: t('records.views.mine'),
        columns,
        filters: { filters, logical: state.logical },
        sort: state.sort ?? null,
        kanban: { columns: [] },
        is_default: true,
        shared: false,
      },
      { onSuccess: chooseView },
    );
  };

  return { canSaveView, saveColumns };
};
