import type { ImportJob } from '@conversa/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { type ImportsPage, importsQueryKey } from './api/imports';

const jobPatchOf = (record: unknown): (Partial<ImportJob> & { id: string }) | undefined => {
  if (typeof record !== 'object' || record === null) return undefined;
  const id = (record as { id?: unknown }).id;
  return typeof id === 'string' ? { ...(record as Partial<ImportJob>), id } : undefined;
};

/**
 * An `import` notification moves the job's progress bar in place; when it is done the history and the
 * report are read again, since the counts and error rows are final only then.
 */
export const applyImportNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module !== 'import') return;
  const patches = notification.data.map(jobPatchOf).filter((patch) => patch !== undefined);
  const isKnown = (id: string) =>
    queryClient
      .getQueriesData<ImportsPage>({ queryKey: [...importsQueryKey, 'list'] })
      .some(([, page]) => page?.jobs.some((job) => job.id === id));
  if (
    notification.action !== 'progress' ||
    patches.some((patch) => !isKnown(patch.id)) ||
    patches.length === 0
  ) {
    void queryClient.invalidateQueries({ queryKey: importsQueryKey });
    return;
  }
  queryClient.setQueriesData<ImportsPage>({ queryKey: [...importsQueryKey, 'list'] }, (page) =>
    page
      ? {
          ...page,
          jobs: page.jobs.map((job) => {
            const patch = patches.find((candidate) => candidate.id === job.id);
            return patch ? { ...job, ...patch, status: patch.status ?? 'running' } : job;
          }),
        }
      : page,
  );
};

export const useImportsRealtime = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyImportNotification(queryClient, notification),
  );
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: importsQueryKey }));
};
