import type { InboundEvent, OutboundMessage, WebhookReplyBody } from '../channel-adapter';
import { nameOf, type TelegramUpdate } from './telegram-update';

/* Inline keyboard buttons: ours as callback buttons on the way out, the customer's press on the way in. */

// Callback query ids are unique per bot; the prefix keeps them apart from chat:message ids.
const CALLBACK_ID_PREFIX = 'callback:';

/**
 * A button press in a private chat, as the customer's message: its body the pressed button's text (read
 * from the keyboard it was pressed on), its button reply the callback data we set to the button's id.
 */
export const buttonPressOf = (
  query: NonNullable<TelegramUpdate['callback_query']>,
): InboundEvent | undefined => {
  const chat = query.message?.chat;
  if (chat?.type !== 'private' || !query.data) return undefined;
  const pressed = query.message?.reply_markup?.inline_keyboard
    .flat()
    .find((button) => button.callback_data === query.data);
  return {
    kind: 'message',
    providerMessageId: `${CALLBACK_ID_PREFIX}${query.id}`,
    from: { phone: String(chat.id), name: nameOf(query.from) },
    type: 'chat',
    body: pressed?.text ?? query.data,
    timestamp: new Date(),
    buttonReply: query.data,
  };
};

/** Telegram's limit on an inline button's callback_data. */
const CALLBACK_DATA_MAX_BYTES = 64;

/** Our reply buttons as one row of inline buttons; none when an id is too long to be callback data. */
export const keyboardOf = (message: OutboundMessage) => {
  const fits = message.buttons.every(
    (button) => Buffer.byteLength(button.id, 'utf8') <= CALLBACK_DATA_MAX_BYTES,
  );
  if (message.buttons.length === 0 || !fits) return {};
  return {
    reply_markup: {
      inline_keyboard: [message.buttons.map((button) => ({ text: button.title, callback_data: button.id }))],
    },
  };
};

/**
 * A pressed button is answered in the delivery's own answer (the Bot API runs a method given there), so the
 * customer's app stops the spinner it shows until the bot answers the callback query.
 */
export const buttonAnswerOf = (events: InboundEvent[]): WebhookReplyBody | undefined => {
  const press = events.find(
    (event) => event.kind === 'message' && event.providerMessageId.startsWith(CALLBACK_ID_PREFIX),
  );
  return press?.kind === 'message'
    ? {
        method: 'answerCallbackQuery',
        callback_query_id: press.providerMessageId.slice(CALLBACK_ID_PREFIX.length),
      }
    : undefined;
};
