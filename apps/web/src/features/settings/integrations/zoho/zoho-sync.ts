import type { Integration, IntegrationSyncProgress } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../shared/api-client';
import { type Notification, useSocketEvent } from '../../../../shared/socket';
import { applyIntegrationChange } from '../integrations-api';

/** The server's name for a full sync's progress notification (on the `integration` module). */
const SYNC_ACTION = 'sync';

const isProgress = (value: unknown): value is IntegrationSyncProgress =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as IntegrationSyncProgress).id === 'string' &&
  typeof (value as IntegrationSyncProgress).done === 'number' &&
  typeof (value as IntegrationSyncProgress).total === 'number';

/** The running full syncs' progress by integration, from the `sync` notifications; a finished one leaves. */
export const useSyncProgress = (): ReadonlyMap<string, IntegrationSyncProgress> => {
  const [progress, setProgress] = useState<ReadonlyMap<string, IntegrationSyncProgress>>(new Map());
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== 'integration' || notification.action !== SYNC_ACTION) return;
    const items = notification.data.filter(isProgress);
    if (items.length === 0) return;
    setProgress((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (item.finished) next.delete(item.id);
        else next.set(item.id, item);
      }
      return next;
    });
  });
  return progress;
};

/** "Sync now": the server starts the full sync and answers at once with what it said (started, or already running). */
export const useSyncIntegration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const envelope = await api.request<Integration>(`integration/sync/${id}`, {
        method: 'POST',
        errors: 'caller',
      });
      return { integration: envelope.data[0], info: envelope.info };
    },
    onSuccess: ({ integration }) => {
      if (integration) applyIntegrationChange(queryClient, 'update', integration);
    },
  });
};

/** How far a sync went, 0 to 100 (an empty sync is done). */
export const percentOf = ({ done, total }: Pick<IntegrationSyncProgress, 'done' | 'total'>): number =>
  total <= 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
