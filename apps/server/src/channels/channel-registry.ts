import type { ChannelType } from '@conversa/domain';
import type { ChannelAdapter, ChannelOptions } from './channel-adapter';
import { createInstagramAdapter } from './instagram/instagram.adapter';
import { createMessengerAdapter } from './messenger/messenger.adapter';
import { sandboxAdapter } from './sandbox/sandbox.adapter';
import { createTelegramAdapter } from './telegram/telegram.adapter';
import { createWhatsappAdapter } from './whatsapp/whatsapp.adapter';

export type ChannelRegistry = Record<ChannelType, ChannelAdapter>;

export const createChannelRegistry = (options: ChannelOptions): ChannelRegistry => ({
  sandbox: sandboxAdapter,
  whatsapp: createWhatsappAdapter(options),
  telegram: createTelegramAdapter(options),
  messenger: createMessengerAdapter(options),
  instagram: createInstagramAdapter(options),
});
