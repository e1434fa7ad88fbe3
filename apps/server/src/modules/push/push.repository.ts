import type { PushSubscriptionInput } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, pushSubscriptions, users } from '../../core/db/schema';

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

  /** The company's browsers with what their person's alerts depend on: access, preferences and language. */
  listCompanySubscribers: (clientId: string) =>
    db
      .select({
        id: pushSubscriptions.id,
        userId: users.id,
        account: users.account,
        userAccess: users.access,
        clientAccess: clients.access,
        market: clients.market,
        notifications: users.notifications,
        push_notification: users.push_notification,
        language: users.language,
      })
      .from(pushSubscriptions)
      .innerJoin(
        users,
        and(eq(users.id, pushSubscriptions.user_id), eq(users.client_id, pushSubscriptions.client_id)),
      )
      .innerJoin(clients, eq(clients.id, pushSubscriptions.client_id))
      .where(and(eq(pushSubscriptions.client_id, clientId), eq(users.active, true))),

  async findById(id: string) {
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
    return rows[0];
  },

  /** The push service said the subscription is gone (404, 410). */
  async removeById(id: string): Promise<void> {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  },
});
