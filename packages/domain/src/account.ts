import type { Client } from './client';
import type { ListItem, SettingViews, View } from './records';
import type { User } from './user';

/** The twelve keys of the initial account bundle (spec section 3). */
export const ACCOUNT_BUNDLE_KEYS = [
  'list_dinamic',
  'user',
  'client',
  'list_user',
  'list_device',
  'views',
  'setting_device',
  'list_pipeline',
  'setting_views',
  'setting_graphics',
  'popover_newsletter',
  'modal_newsletter',
] as const;

/** GET {clientId}/{userId}/account/search/{locale} answers `data: [{ account: AccountBundle }]`. */
export type AccountBundle = {
  /** The company's dynamic-list items (tags and statuses of every module). */
  list_dinamic: ListItem[];
  user: User;
  client: Client;
  list_user: Pick<User, 'id' | 'name' | 'email' | 'account' | 'online'>[];
  list_device: unknown[];
  /** The user's own saved views and the company's. */
  views: View[];
  setting_device: unknown[];
  list_pipeline: unknown[];
  setting_views: SettingViews;
  setting_graphics: unknown[];
  popover_newsletter: unknown[];
  modal_newsletter: unknown[];
};
