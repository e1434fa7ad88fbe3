import type { ChannelType } from '@conversa/domain';

/**
 * WhatsApp devices that carry no templates here: Twilio's are its Content API (not part of the product) and
 * an unofficial gateway has none. Where templates are chosen, these devices say so instead of hiding it.
 */
export const isWhatsappWithoutTemplates = (type: ChannelType | undefined): boolean =>
  type === 'twilio' || type === 'maytapi';
