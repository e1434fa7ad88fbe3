import type { Template, TemplateCreateInput, TemplateUpdateInput } from '@conversa/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { type Notification, RECONNECTED, useSocketEvent } from '../../../shared/socket';
import { APPROVED_TEMPLATES_KEY } from '../../../shared/templates/approved-templates';

/** Every templates list (all devices, or one); a message's template choice lives under its own key. */
export const templatesKey = ['templates'] as const;
const templateListKey = (deviceId: string) => [...templatesKey, 'list', deviceId] as const;

/** A WhatsApp Business account holds a few hundred templates at most: one page holds them. */
const LIST_SIZE = 500;

export const useTemplateList = (deviceId: string) =>
  useQuery({
    queryKey: templateListKey(deviceId),
    queryFn: async ({ signal }): Promise<Template[]> =>
      (
        await api.request<Template>('template/search', {
          method: 'POST',
          body: {
            page: 1,
            offset: LIST_SIZE,
            filters: deviceId ? [{ key: 'device_id', condition: 'equalto', value: deviceId }] : [],
            logical: 'and',
            sort: { key: 'update_date', order: 'desc' },
          },
          signal,
        })
      ).data,
  });

const reloadTemplates = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: templatesKey }),
    queryClient.invalidateQueries({ queryKey: APPROVED_TEMPLATES_KEY }),
  ]);

export const useSynchronizeTemplates = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.request<Template>('template/synchronize')).data,
    onSuccess: () => reloadTemplates(queryClient),
  });
};

export const useCreateTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TemplateCreateInput) =>
      firstOf(
        await api.request<Template>('template/create', { method: 'POST', body: input, errors: 'caller' }),
      ),
    onSuccess: () => reloadTemplates(queryClient),
  });
};

/** `template/updateone`: new content for the provider's review; name, language and device stay. */
export const useUpdateTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: TemplateUpdateInput }) =>
      firstOf(
        await api.request<Template>(`template/updateone/${id}`, {
          method: 'PUT',
          body: input,
          errors: 'caller',
        }),
      ),
    onSuccess: () => reloadTemplates(queryClient),
  });
};

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request(`template/deleteone/${id}`, { method: 'DELETE' });
    },
    onSuccess: () => reloadTemplates(queryClient),
  });
};

const isTemplate = (value: unknown): value is Template =>
  typeof value === 'object' && value !== null && 'id' in value && 'status' in value && 'quality' in value;

/**
 * A `template` notification (a review or quality webhook, a create or delete elsewhere) applied to the
 * lists at once; a create or delete reloads them, since the list's order and filter decide where it goes.
 */
export const applyTemplateNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module !== 'template') return;
  if (notification.action !== 'update') {
    void reloadTemplates(queryClient);
    return;
  }
  for (const item of notification.data) {
    if (!isTemplate(item)) continue;
    queryClient.setQueriesData<Template[]>({ queryKey: templatesKey }, (rows) =>
      rows?.map((row) => (row.id === item.id ? { ...row, ...item } : row)),
    );
  }
  void queryClient.invalidateQueries({ queryKey: APPROVED_TEMPLATES_KEY });
};

/** Keeps the templates screens current from the company's notifications, and after a reconnection. */
export const useTemplatesLive = () => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyTemplateNotification(queryClient, notification),
  );
  useSocketEvent(RECONNECTED, () => void reloadTemplates(queryClient));
};
