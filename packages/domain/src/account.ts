import type { Client } from './client';
import type { Impersonation } from './console';
import type { ListItem, Newsletter, Pipeline, SettingViews, View } from './records';
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
  /** Colleagues; their e-mail and account type only for a reader with user.view (notification-audience.ts). */
  list_user: (Pick<User, 'id' | 'name' | 'online'> & Partial<Pick<User, 'email' | 'account'>>)[];
  list_device: unknown[];
  /** The user's own saved views and the company's. */
  views: View[];
  setting_device: unknown[];
  /** The company's pipelines with their stages, in order. */
  list_pipeline: Pipeline[];
  setting_views: SettingViews;
  setting_graphics: unknown[];
  /** The release news' first page, newest release first. */
  popover_newsletter: Newsletter[];
  /** The pop-ups due that this user has not seen yet. */
  modal_newsletter: Newsletter[];
  /** Set when the master acts as this company's owner: the app shows a banner to end it. */
  impersonation: Impersonation | null;
};
