import type { PushSubscriptionInput } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { pushSubscriptions } from '../../core/db/schema';

export const createPushRepository = (db: Executor) => ({
  /** A browser subscribing again (or for another user who signed in on it) takes over its endpoint's row. */
  async save(clientId: string, userId: string, subscription: PushSubscriptionInput): Promise<void> {
    const row = {
      client_id: clientId,
      user_id: userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    };
    await db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
  },

  async remove(clientId: string, userId: string, endpoint: string): Promise<void> {
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.client_id, clientId),
          eq(pushSubscriptions.user_id, userId),
          eq(pushSubscriptions.endpoint, endpoint),
        ),
      );
  },

  listForUser: (clientId: string, userId: string) =>
    db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.client_id, clientId), eq(pushSubscriptions.user_id, userId))),

  async findById(id: string) {
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
    return rows[0];
  },

  /** The push service said the subscription is gone (404, 410). */
  async removeById(id: string): Promise<void> {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  },
});
