import type { Extraction } from '@conversa/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { extractionsQueryKey } from '../../shared/records/api/extract-records';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { type ExtractionsPage, extractionsListKey } from './api/extractions';

const isExtraction = (record: unknown): record is Extraction =>
  typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'string';

/**
 * An `extraction` notification carries the whole record: a row already on screen takes it in place (its
 * progress bar moves, its Download appears when done); one not loaded yet (made in another tab) reads the
 * list again.
 */
export const applyExtractionNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module !== 'extraction') return;
  const records = notification.data.filter(isExtraction);
  const lists = queryClient.getQueriesData<ExtractionsPage>({ queryKey: extractionsListKey });
  const isKnown = (id: string) => lists.some(([, page]) => page?.extractions.some((item) => item.id === id));
  if (records.length === 0 || !records.every((record) => isKnown(record.id))) {
    void queryClient.invalidateQueries({ queryKey: extractionsQueryKey });
    return;
  }
  queryClient.setQueriesData<ExtractionsPage>({ queryKey: extractionsListKey }, (page) =>
    page
      ? {
          ...page,
          extractions: page.extractions.map((item) => {
            const record = records.find((candidate) => candidate.id === item.id);
            return record ? { ...item, ...record } : item;
          }),
        }
      : page,
  );
};

export const useExtractionsRealtime = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyExtractionNotification(queryClient, notification),
  );
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: extractionsQueryKey }));
};
