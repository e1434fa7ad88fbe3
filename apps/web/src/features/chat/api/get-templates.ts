import { PAGE_SIZE } from '@conversa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api-client';

/** A chat template (spec section 3): its parameters live in schema.template.components[0]. */
export type ChatTemplate = {
  id: string;
  name: string;
  example?: string;
  language?: string;
  schema?: {
    template?: {
      name?: string;
      language?: string | { code?: string };
      components?: { type?: string; parameters?: { type: string; text: string }[] }[];
    };
  };
};

/**
 * The chat templates (type chat, 100 a page). The templates module may not exist on the server yet; a 404
 * then means 'no templates', and the dialogs show their empty state.
 */
export const getTemplates = async (signal?: AbortSignal): Promise<ChatTemplate[]> => {
  try {
    const envelope = await api.request<ChatTemplate>('template/search', {
      method: 'POST',
      body: { page: 1, offset: PAGE_SIZE.templates, filters: [], logical: 'and' },
      errors: 'caller',
      signal,
    });
    return envelope.data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return [];
    throw error;
  }
};

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'templates'],
    queryFn: ({ signal }) => getTemplates(signal),
    staleTime: 60_000,
  });

export const useTemplates = (isEnabled: boolean) =>
  useQuery({ ...templatesQueryOptions(), enabled: isEnabled });
