import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { dropDevice } from '../device-cache';

export const deleteDevice = async (id: string): Promise<string> =>
  (await api.request(`device/deleteone/${id}`, { method: 'DELETE' })).info;

export const useDeleteDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: (_info, id) => dropDevice(queryClient, id),
  });
};
