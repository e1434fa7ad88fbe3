import type { PushSubscriptionInput } from '@conversa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

/** The service worker that shows pushed alerts (apps/web/public, served at the site's root). */
const SERVICE_WORKER_URL = '/push-sw.js';

/** The server's VAPID public key; null when its Web Push is off. */
export const pushKeyQuery = queryOptions({
  queryKey: ['push', 'key'],
  queryFn: async ({ signal }) =>
    (await api.request<{ public_key: string | null }>('push/key', { signal })).data[0]?.public_key ?? null,
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePushKey = () => useQuery(pushKeyQuery);

export const isPushSupported = (): boolean =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window.PushManager !== 'undefined';

const registration = () => navigator.serviceWorker.register(SERVICE_WORKER_URL);

/** This browser's current subscription, if any (without registering anything). */
export const currentPushSubscription = async (): Promise<PushSubscription | null> => {
  const registered = await navigator.serviceWorker.getRegistration();
  return (await registered?.pushManager.getSubscription()) ?? null;
};

/** Asks the browser for a subscription under the server's key and hands it to the server. */
export const subscribeThisBrowser = async (publicKey: string): Promise<void> => {
  const registered = await registration();
  const subscription = await registered.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  await api.request('push/subscribe', {
    method: 'POST',
    body: subscription.toJSON() as PushSubscriptionInput,
  });
};

export const unsubscribeThisBrowser = async (): Promise<void> => {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api.request('push/unsubscribe', { method: 'POST', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
};
