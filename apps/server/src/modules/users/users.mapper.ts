import type { User } from '@conversa/domain';
import type { UserRow } from '../../core/db/schema';

/** What leaves the server of a user: never the password hash nor the two-factor secret. */
export const toPublicUser = (row: UserRow): User => ({
  id: row.id,
  client_id: row.client_id,
  name: row.name,
  initials: row.initials,
  email: row.email,
  phone: row.phone,
  account: row.account,
  active: row.active,
  two_factor: row.totp_enabled_at !== null,
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
