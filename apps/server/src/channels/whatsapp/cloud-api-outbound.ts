import { parseLocationBody } from '@conversa/domain';
import type { OutboundMessage } from '../channel-adapter';

/** Cloud API limits of an interactive reply buttons message. */
const INTERACTIVE_BODY_MAX = 1024;
const BUTTON_TITLE_MAX = 20;

/** A title cut to WhatsApp's 20 characters, never halving an emoji. */
const buttonTitle = (title: string) => Array.from(title).slice(0, BUTTON_TITLE_MAX).join('');

/** The Cloud API body of one outbound message (POST /{phone-number-id}/messages). */
export const cloudApiRequestBody = (message: OutboundMessage): Record<string, unknown> | string => {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  if (message.template) {
    return {
      ...base,
      type: 'template',
      template: {
        name: message.template.name,
        language: { code: message.template.language },
        components: message.template.components.map((component) => ({
          type: component.type.toLowerCase(),
          parameters: component.parameters,
        })),
      },
    };
  }
  switch (message.type) {
    case 'chat':
      // A text too long for an interactive message goes without its buttons: a typed answer still counts.
      if (message.buttons.length > 0 && Array.from(message.body).length <= INTERACTIVE_BODY_MAX) {
        return {
          ...base,
          type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: message.body },
            action: {
              buttons: message.buttons.map((button) => ({
                type: 'reply',
                reply: { id: button.id, title: buttonTitle(button.title) },
              })),
            },
          },
        };
      }
      return { ...base, type: 'text', text: { preview_url: false, body: message.body } };
    case 'location': {
      const point = parseLocationBody(message.body);
      if (!point) return 'the location is not valid';
      return { ...base, type: 'location', location: { latitude: point.lat, longitude: point.lng } };
    }
    default: {
      if (!message.attachmentUrl) return 'the attachment is missing';
      const media: Record<string, string> = { link: message.attachmentUrl };
      if (message.body && message.type !== 'audio') media.caption = message.body;
      if (message.type === 'document' && message.filename) media.filename = message.filename;
      return { ...base, type: message.type, [message.type]: media };
    }
  }
};
