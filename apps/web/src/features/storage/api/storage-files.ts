import type { Filter, Pagination, StorageFile, StorageUsage } from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const storageQueryKey = ['storage'] as const;

export type StoragePage = { files: StorageFile[]; total: number; usage: StorageUsage | null };

export type StorageSearch = { filters: Filter[]; page: number; offset: number };

/** `POST storage/search`, newest first; its pagination carries the company's usage against the plan. */
export const searchStorage = async (
  { filters, page, offset }: StorageSearch,
  signal?: AbortSignal,
): Promise<StoragePage> => {
  const envelope = await api.request<StorageFile>('storage/search', {
    method: 'POST',
    body: { page, offset, filters, logical: 'and', sort: { key: 'create_date', order: 'desc' } },
    signal,
  });
  const pagination = envelope.pagination as (Pagination & { usage?: StorageUsage }) | undefined;
  return {
    files: envelope.data,
    total: pagination?.total ?? envelope.data.length,
    usage: pagination?.usage ?? null,
  };
};

export const useStorageFiles = (search: StorageSearch) =>
  useQuery({
    queryKey: [...storageQueryKey, 'list', search],
    queryFn: ({ signal }) => searchStorage(search, signal),
    placeholderData: keepPreviousData,
  });

/** `POST storage/create` (multipart `file`): the caller shows a refusal (the plan's limit) itself. */
export const uploadFile = async (file: File): Promise<StorageFile> => {
  const body = new FormData();
  body.append('file', file);
  return firstOf(
    await api.request<StorageFile>('storage/create', { method: 'POST', body, errors: 'caller' }),
  );
};

export const renameFile = async ({ id, name }: { id: string; name: string }): Promise<StorageFile> =>
  firstOf(
    await api.request<StorageFile>(`storage/updateone/${id}`, {
      method: 'PUT',
      body: { name },
      errors: 'caller',
    }),
  );

export const deleteFile = async (id: string): Promise<void> => {
  await api.request(`storage/deleteone/${id}`, { method: 'DELETE' });
};

/** Every change reads the list again: the usage bar moves with it. */
const useStorageMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageQueryKey }),
  });
};

export const useUploadFile = () => useStorageMutation(uploadFile);
export const useRenameFile = () => useStorageMutation(renameFile);
export const useDeleteFile = () => useStorageMutation(deleteFile);
