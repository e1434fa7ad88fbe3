import type { RestoreConfirmInput } from '@conversa/domain';
import { api } from '../../../shared/api-client';

export const restoreConfirm = async (input: RestoreConfirmInput): Promise<string> =>
  (await api.request('restore/confirm', { method: 'POST', body: input, errors: 'caller' })).info;
