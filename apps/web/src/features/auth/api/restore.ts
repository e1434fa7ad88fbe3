import type { RestoreInput } from '@conversa/domain';
import { api } from '../../../shared/api-client';

/** Always 200 with an info text, whether the e-mail exists or not. */
export const restore = async (input: RestoreInput): Promise<string> =>
  (await api.request('restore', { method: 'POST', body: input, errors: 'caller' })).info;
