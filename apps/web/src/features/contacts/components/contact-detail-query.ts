import type { Contact } from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api, firstOf } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { recordsKey } from '../../../shared/records/api/search-records';
import { updateRecord } from '../../../shared/records/api/update-record';

/** Under the record kit's key, so an edit made in the table or the kanban reloads the open detail too. */
export const contactDetailKey = (id: string) => [...recordsKey('contact'), 'detail', id] as const;

export const contactDetailOptions = (id: string) =>
  queryOptions({
    queryKey: contactDetailKey(id),
    // A contact that does not exist (or is another company's) opens the in-app not-found page.
    queryFn: async ({ signal }) =>
      firstOf(await api.request<Contact>(`contact/search/${id}`, { errors: 'page', signal })),
  });

export const useContactDetail = (id: string) => useQuery(contactDetailOptions(id));

/** What the detail page changes on a contact: its data, tags, owners, stage or star. */
export type ContactPatch = {
  info?: Partial<Omit<Contact['info'], 'full_name'>>;
  tags?: string[];
  owner?: string[];
  stage?: string;
  starred?: boolean;
};

const merged = (contact: Contact, patch: ContactPatch): Contact => ({
  ...contact,
  ...patch,
  info: { ...contact.info, ...patch.info },
});

/**
 * Saves a change to the open contact: shown at once, replaced by the server's copy, put back when refused.
 * The data form shows a refusal that names its fields; any other is said in the snackbar.
 */
export const useSaveContact = (id: string) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = contactDetailKey(id);
  return useMutation({
    mutationFn: (patch: ContactPatch) => updateRecord({ api: 'contact' }, id, patch) as Promise<unknown>,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Contact>(key);
      if (before) queryClient.setQueryData<Contact>(key, merged(before, patch));
      return { before };
    },
    onError: (error, patch, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      const isForForm = patch.info !== undefined && error instanceof ApiError && error.errors.length > 0;
      if (!isForForm) notify(`${t('recordDetail.saveFailed')} ${error.message}`.trim(), 'error');
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Contact>(key, (current) =>
        current && typeof saved === 'object' && saved !== null
          ? { ...current, ...(saved as Contact) }
          : current,
      );
    },
  });
};
