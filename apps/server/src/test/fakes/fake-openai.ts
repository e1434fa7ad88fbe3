import { type FakeAnswer, type FakeServer, type ReceivedRequest, startFakeServer } from './fake-server';

export const FAKE_OPENAI_MODELS = ['gpt-4o-mini', 'gpt-4o'];

/** A chat completion as OpenAI answers it, its message's content the given text. */
export const completion = (content: string): FakeAnswer => ({
  json: {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  },
});

/** The answer `{ reply, action }` a bot asks for, as the model's JSON content. */
export const botAnswer = (reply: string, action: 'reply' | 'handoff' = 'reply'): FakeAnswer =>
  completion(JSON.stringify({ reply, action }));

export type ChatMessage = { role: string; content: string };

export type FakeOpenai = FakeServer & {
  /** What the next completions answer (until changed); by default a friendly reply. */
  answerWith: (answer: (request: ReceivedRequest) => FakeAnswer) => void;
  /** The chat-completion requests received, in order. */
  completions: () => { model: string; messages: ChatMessage[]; [key: string]: unknown }[];
};

/**
 * OpenAI's API as the bots use it: GET /models and POST /chat/completions with `Authorization: Bearer
 * <key>`, errors as `{ error: { message, type, code } }` (401 for a wrong key). `script` (fake-server)
 * makes the next calls answer 429, 500, non-JSON or late.
 */
export const startFakeOpenai = async (apiKey: string): Promise<FakeOpenai> => {
  let answer: (request: ReceivedRequest) => FakeAnswer = () => botAnswer('¡Hola! ¿En qué te puedo ayudar?');
  const server = await startFakeServer((request) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return {
        status: 401,
        json: {
          error: {
            message: 'Incorrect API key provided.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      };
    }
    if (request.method === 'GET' && request.path === '/models') {
      return {
        json: {
          object: 'list',
          data: FAKE_OPENAI_MODELS.map((id) => ({ id, object: 'model', owned_by: 'openai' })),
        },
      };
    }
    if (request.method === 'POST' && request.path === '/chat/completions') return answer(request);
    return { status: 404, json: { error: { message: 'Not found', type: 'invalid_request_error' } } };
  });
  return {
    ...server,
    answerWith: (next) => {
      answer = next;
    },
    completions: () =>
      server
        .received((request) => request.path === '/chat/completions')
        .map((request) => request.json as ReturnType<FakeOpenai['completions']>[number]),
  };
};
