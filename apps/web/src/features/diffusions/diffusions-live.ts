import type { Diffusion } from '@conversa/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import {
  diffusionDetailKey,
  diffusionListsKey,
  diffusionsKey,
  type Page,
  recipientsKey,
} from './api/diffusions';

/** A whole diffusion (create, update) or a part of one (progress: its totals, never its status). */
type DiffusionChange = Pick<Diffusion, 'id'> & Partial<Diffusion>;

const isDiffusionChange = (value: unknown): value is DiffusionChange =>
  typeof value === 'object' && value !== null && 'id' in value;

/**
 * A `diffusion` notification applied to what shows diffusions: the open one and the list rows take the
 * new state and totals at once (progress arrives many times a minute, so no list is read again for it),
 * its recipients table reads its page again, and a created or deleted one reloads the lists.
 */
export const applyDiffusionNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module !== 'diffusion') return;
  for (const item of notification.data) {
    if (!isDiffusionChange(item)) continue;
    if (notification.action === 'delete') {
      queryClient.removeQueries({ queryKey: diffusionDetailKey(item.id) });
      continue;
    }
    queryClient.setQueryData<Diffusion>(diffusionDetailKey(item.id), (current) =>
      current ? { ...current, ...item } : current,
    );
    queryClient.setQueriesData<Page<Diffusion>>({ queryKey: diffusionListsKey }, (page) =>
      page
        ? { ...page, rows: page.rows.map((row) => (row.id === item.id ? { ...row, ...item } : row)) }
        : page,
    );
    void queryClient.invalidateQueries({ queryKey: recipientsKey(item.id) });
  }
  if (notification.action === 'create' || notification.action === 'delete') {
    void queryClient.invalidateQueries({ queryKey: diffusionListsKey });
  }
};

/** Keeps the diffusion screens live; after a dropped connection everything is read again. */
export const useDiffusionsLive = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyDiffusionNotification(queryClient, notification),
  );
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: diffusionsKey }));
};
