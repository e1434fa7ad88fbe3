import type { RestoreConfirmInput } from '@conversa/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

export const restoreConfirm = async (input: RestoreConfirmInput): Promise<string> =>
  (await api.request('restore/confirm', { method: 'POST', body: input, errors: 'caller' })).info;

export const useRestoreConfirm = () => useMutation({ mutationFn: restoreConfirm });
