import {
  type BotIntegrationType,
  type ChatgptConfig,
  chatgptConfigSchema,
  type DialogflowConfig,
  dialogflowConfigSchema,
} from '@conversa/domain';
import type { BotAnswer, BotConversation, BotOptions, BotRegistry } from './bot-adapter';
import { createChatgptAdapter } from './chatgpt/chatgpt.adapter';
import { createDialogflowAdapter } from './dialogflow/dialogflow.adapter';

/** Every answer-bot provider by its integration type. */
export const createBotRegistry = (options: BotOptions): BotRegistry => ({
  chatgpt: createChatgptAdapter(options),
  dialogflow: createDialogflowAdapter(options),
});

/** One bot ready to call: its adapter with its settings read by its type's rules (secrets decrypted). */
export type BoundBot = {
  config: ChatgptConfig | DialogflowConfig;
  /** The prompt and handoff rules every bot type has. */
  rules: {
    max_messages_per_day: number;
    handoff_user_id: string;
    handoff_text: string;
    context_message_limit: number;
  };
  test: () => Promise<void>;
  answer: (conversation: BotConversation) => Promise<BotAnswer>;
};

/** Dialogflow keeps the context in its session: only the customer's last message is sent. */
const DIALOGFLOW_CONTEXT = 1;

export const bindBot = (
  bots: BotRegistry,
  type: BotIntegrationType,
  stored: Record<string, unknown>,
): BoundBot => {
  if (type === 'chatgpt') {
    const config = chatgptConfigSchema.parse(stored);
    return {
      config,
      rules: config,
      test: () => bots.chatgpt.test(config),
      answer: (conversation) => bots.chatgpt.answer(config, conversation),
    };
  }
  const config = dialogflowConfigSchema.parse(stored);
  return {
    config,
    rules: { ...config, context_message_limit: DIALOGFLOW_CONTEXT },
    test: () => bots.dialogflow.test(config),
    answer: (conversation) => bots.dialogflow.answer(config, conversation),
  };
};
