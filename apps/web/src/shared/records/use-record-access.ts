import { useCallback } from 'react';
import { useCan } from '../account/use-account';
import { permissionOf, type RecordAction, type RecordModule } from './record-module';

/** Whether the signed-in person may do an action on the module's records (`{permission}.{action}`). */
export const useRecordAccess = (config: Pick<RecordModule, 'permission'>) => {
  const can = useCan();
  return useCallback(
    (action: RecordAction) => {
      const key = permissionOf(config, action);
      return key !== undefined && can(key);
    },
    [can, config],
  );
};
