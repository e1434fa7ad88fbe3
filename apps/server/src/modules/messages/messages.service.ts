import { createMessageContext, type MessagesServiceDeps } from './message-context';
import { createMessageDispatch } from './message-dispatch';
import { createMessageHistory } from './message-history';
import { createMessageReceiving } from './message-receiving';
import { createMessageSending } from './message-sending';

/**
 * The messages service, one file per use case: reading and flagging the history (message-history), an
 * agent writing (message-sending), the send job (message-dispatch) and a provider's deliveries
 * (message-receiving), over what they share (message-context).
 */
export const createMessagesService = (deps: MessagesServiceDeps) => {
  const context = createMessageContext(deps);
  return {
    ...createMessageHistory(context),
    ...createMessageSending(context),
    ...createMessageDispatch(context),
    ...createMessageReceiving(context),
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
