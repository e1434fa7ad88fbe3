import type { User } from '@conversa/domain';
import type { UserRow } from '../../core/db/schema';

/** What leaves the server of a user: every field but the password hash. */
export const toPublicUser = (row: UserRow): User => ({
  id: row.id,
  client_id: row.client_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  account: row.account,
  language: row.language,
  online: row.online,
  last_login: row.last_login ? row.last_login.toISOString() : null,
  sound: row.sound,
  notify: row.notify,
  analytics: row.analytics,
  custom_views: row.custom_views,
  fixed: row.fixed,
  access: row.access,
  answer: row.answer,
  push_notification: row.push_notification,
  notifications: row.notifications,
  sound_notification: row.sound_notification,
  create_date: row.create_date.toISOString(),
});

/** The short form used by pickers and the account bundle's list_user. */
export type UserBrief = Pick<User, 'id' | 'name' | 'email' | 'account' | 'online' | 'answer'>;
