import type { ChannelAdapter, ChannelOptions } from '../channel-adapter';
import { createMetaMessagingAdapter } from '../meta/meta-messaging';

/** Instagram messaging: webhook object 'instagram', Send API at /{ig_account_id}/messages. */
export const createInstagramAdapter = (options: ChannelOptions): ChannelAdapter =>
  createMetaMessagingAdapter(
    { type: 'instagram', object: 'instagram', accountKey: 'ig_account_id', tokenKey: 'access_token' },
    options,
  );
