import type { Client } from './client';
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
  list_dinamic: unknown[];
  user: User;
  client: Client;
  list_user: Pick<User, 'id' | 'name' | 'email' | 'account' | 'online'>[];
  list_device: unknown[];
  views: unknown[];
  setting_device: unknown[];
  list_pipeline: unknown[];
  setting_views: unknown[];
  setting_graphics: unknown[];
  popover_newsletter: unknown[];
  modal_newsletter: unknown[];
};
