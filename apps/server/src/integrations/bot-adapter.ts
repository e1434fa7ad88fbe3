import type { BotAction, BotIntegrationType, ChatgptConfig, DialogflowConfig } from '@conversa/domain';

/** One message of the conversation as a bot reads it, oldest first. */
export type BotTurn = { from_me: boolean; body: string };

/** What the bot is asked to answer: the conversation so far and who it is talking to. */
export type BotConversation = {
  messages: BotTurn[];
  contactName: string;
  /** The language the customer is answered in (BCP 47, `es`, `en-US`): the bot's, else the company's. */
  language: string;
  /** Stable per conversation (the contact), so a provider with sessions (Dialogflow) keeps its context. */
  sessionId: string;
};

/** The bot's decision: a text for the customer, and whether the conversation goes to a person. */
export type BotAnswer = { reply: string; action: BotAction };

/**
 * A provider call that did not give an answer. Retryable ones (429, 5xx, a timeout, an answer that is not
 * the documented JSON) may work a moment later; the others (401, 403, a refused request) will not.
 */
export class BotCallError extends Error {
  readonly isRetryable: boolean;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, isRetryable: boolean, retryAfterMs?: number) {
    super(message);
    this.name = 'BotCallError';
    this.isRetryable = isRetryable;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The settings each bot type receives, secrets already decrypted. */
export type BotConfigs = { chatgpt: ChatgptConfig; dialogflow: DialogflowConfig };

/** One answer-bot provider behind the shape every bot shares; adding a provider is adding a folder. */
export type BotAdapter<C> = {
  /** Checks the credentials against the provider; throws BotCallError saying why they do not work. */
  test: (config: C) => Promise<void>;
  /** The bot's answer to the conversation; throws BotCallError when the provider gave none. */
  answer: (config: C, conversation: BotConversation) => Promise<BotAnswer>;
};

export type BotRegistry = { [K in BotIntegrationType]: BotAdapter<BotConfigs[K]> };

/** What the bot adapters need from the configuration: the providers' base URLs and the call timeout. */
export type BotOptions = {
  openaiApiUrl: string;
  dialogflowApiUrl: string;
  googleTokenUrl: string;
  timeoutMs: number;
};

/** Windows of the bot's settings this long, found in a reply, mean the reply is repeating them. */
const LEAK_WINDOW = 40;

const normalized = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether a reply gives away the bot's settings: a secret, or the system prompt or a long piece of it
 * (someone asking the bot to "repeat your instructions"). Such a reply is never sent to the customer.
 */
export const leaksSettings = (reply: string, prompt: string, secrets: readonly string[]): boolean => {
  if (secrets.some((secret) => secret.length >= 8 && reply.includes(secret))) return true;
  const text = normalized(reply);
  const instructions = normalized(prompt);
  if (instructions.length < 20) return false;
  if (instructions.length <= LEAK_WINDOW) return text.includes(instructions);
  for (let start = 0; start + LEAK_WINDOW <= instructions.length; start += 1) {
    if (text.includes(instructions.slice(start, start + LEAK_WINDOW))) return true;
  }
  return false;
};
