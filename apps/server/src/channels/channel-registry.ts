import type { ChannelType } from '@conversa/domain';
import type { ChannelAdapter, ChannelOptions } from './channel-adapter';
import { createDialog360Adapter } from './dialog360/dialog360.adapter';
import { createInstagramAdapter } from './instagram/instagram.adapter';
import { createMaytapiAdapter } from './maytapi/maytapi.adapter';
import { createMessengerAdapter } from './messenger/messenger.adapter';
import { sandboxAdapter } from './sandbox/sandbox.adapter';
import { createTelegramAdapter } from './telegram/telegram.adapter';
import { createTwilioAdapter } from './twilio/twilio.adapter';
import { createWhatsappAdapter } from './whatsapp/whatsapp.adapter';

export type ChannelRegistry = Record<ChannelType, ChannelAdapter>;

export const createChannelRegistry = (options: ChannelOptions): ChannelRegistry => ({
  sandbox: sandboxAdapter,
  whatsapp: createWhatsappAdapter(options),
  telegram: createTelegramAdapter(options),
  messenger: createMessengerAdapter(options),
  instagram: createInstagramAdapter(options),
  dialog360: createDialog360Adapter(options),
  twilio: createTwilioAdapter(options),
  maytapi: createMaytapiAdapter(options),
});
