import type { ChannelAdapter, ChannelOptions } from '../channel-adapter';
import { createMetaMessagingAdapter } from '../meta/meta-messaging';

/** Facebook Messenger through a page: webhook object 'page', Send API at /{page_id}/messages. */
export const createMessengerAdapter = (options: ChannelOptions): ChannelAdapter =>
  createMetaMessagingAdapter(
    { type: 'messenger', object: 'page', accountKey: 'page_id', tokenKey: 'page_access_token' },
    options,
  );
