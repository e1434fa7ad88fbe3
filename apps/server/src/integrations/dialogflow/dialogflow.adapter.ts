import type { DialogflowConfig } from '@conversa/domain';
import { z } from 'zod';
import {
  type BotAdapter,
  BotCallError,
  type BotConversation,
  type BotOptions,
  leaksSettings,
} from '../bot-adapter';
import { callBotProvider } from '../bot-http';
import { createGoogleTokens, readServiceAccount, type ServiceAccount } from './google-token';

const queryResultSchema = z.object({
  queryResult: z.object({
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z
      .array(
        z.object({
          text: z.object({ text: z.array(z.string()).optional() }).optional(),
          payload: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
  }),
});

/** The customer's last words: Dialogflow keeps the rest of the context in its session. */
const lastQuestion = (conversation: BotConversation): string =>
  [...conversation.messages].reverse().find((turn) => !turn.from_me)?.body ?? '';

/**
 * Dialogflow ES: `detectIntent` on a session per contact, authorised by an access token of the company's
 * service account. The fulfillment texts are the reply; a custom payload `{ "action": "handoff" }` in
 * the fulfillment messages hands the conversation to a person.
 */
export const createDialogflowAdapter = (options: BotOptions): BotAdapter<DialogflowConfig> => {
  const base = options.dialogflowApiUrl.replace(/\/+$/, '');
  const tokens = createGoogleTokens({ tokenUrl: options.googleTokenUrl, timeoutMs: options.timeoutMs });

  /** One authorised call; a refused token is dropped so the next call exchanges a new one. */
  const authorised = async (account: ServiceAccount, url: string, json?: unknown): Promise<unknown> => {
    const token = await tokens.accessToken(account);
    try {
      return await callBotProvider(url, {
        headers: { authorization: `Bearer ${token}` },
        ...(json === undefined ? {} : { json }),
        timeoutMs: options.timeoutMs,
      });
    } catch (error) {
      if (error instanceof BotCallError && /^40[13]\b/.test(error.message)) tokens.forget(account);
      throw error;
    }
  };

  const agentUrl = (config: DialogflowConfig) =>
    `${base}/v2/projects/${encodeURIComponent(config.project_id)}/agent`;

  return {
    async test(config) {
      await authorised(readServiceAccount(config.credentials), agentUrl(config));
    },

    async answer(config, conversation) {
      const account = readServiceAccount(config.credentials);
      const url = `${agentUrl(config)}/sessions/${encodeURIComponent(conversation.sessionId)}:detectIntent`;
      const parsed = queryResultSchema.safeParse(
        await authorised(account, url, {
          queryInput: {
            text: {
              text: lastQuestion(conversation),
              languageCode: config.language || conversation.language,
            },
          },
        }),
      );
      if (!parsed.success)
        throw new BotCallError('the detectIntent answer is not in the documented shape', true);
      const { fulfillmentText, fulfillmentMessages = [] } = parsed.data.queryResult;
      const texts = fulfillmentMessages.flatMap((message) => message.text?.text ?? []).filter(Boolean);
      const reply = (texts.length > 0 ? texts.join('\n') : (fulfillmentText ?? '')).trim();
      const isHandoff = fulfillmentMessages.some((message) => message.payload?.action === 'handoff');
      if (leaksSettings(reply, '', [account.private_key])) return { reply: '', action: 'handoff' };
      return { reply, action: isHandoff ? 'handoff' : 'reply' };
    },
  };
};
