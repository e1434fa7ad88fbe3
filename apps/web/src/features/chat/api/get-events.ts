import { api } from '../../../shared/api-client';
import type { Notification } from '../../../shared/socket';

export type MissedNotification = Notification & { seq: number };

/** The notifications after seq, oldest first (the catch-up after a reconnect). */
export const getEventsSince = async (
  since: number,
): Promise<{ events: MissedNotification[]; total: number }> => {
  const envelope = await api.request<MissedNotification>(`events?since=${since}`, { errors: 'caller' });
  return { events: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
};
