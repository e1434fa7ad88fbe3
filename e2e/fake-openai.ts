import { createServer, type Server } from 'node:http';

/** Fixed, so the server under test can be pointed at it (playwright.config.ts) before the test starts it. */
export const FAKE_OPENAI_PORT = Number(process.env.E2E_OPENAI_PORT ?? 8094);
export const FAKE_OPENAI_URL = `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`;

/** The bot's structured answer, as the test wants the model to give it. */
export type BotReply = { reply: string; action: 'reply' | 'handoff' };

type ChatMessage = { role: string; content: string };

export type FakeOpenai = {
  url: string;
  /** What the model answers, given the conversation's last customer message; a friendly reply by default. */
  answerWith: (answer: (lastUserMessage: string) => BotReply) => void;
  /** The chat-completion requests received (their `messages`), in order. */
  completions: () => ChatMessage[][];
  close: () => Promise<void>;
};

/**
 * An OpenAI chat-completions stand-in on a fixed port, for the browser tests of the answer bots. It speaks
 * the documented shapes the server uses: GET /v1/models and POST /v1/chat/completions with a Bearer key,
 * the answer's `choices[0].message.content` holding the JSON `{ reply, action }` the bot asks for.
 * apps/server's own fake (src/test/fakes/fake-openai.ts) listens on a random port, which the server's
 * environment cannot know in advance.
 */
export const startFakeOpenai = async (port = FAKE_OPENAI_PORT): Promise<FakeOpenai> => {
  const received: ChatMessage[][] = [];
  let answer: (lastUserMessage: string) => BotReply = () => ({
    reply: '¡Hola! Soy el asistente virtual. ¿En qué te puedo ayudar?',
    action: 'reply',
  });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!String(request.headers.authorization ?? '').startsWith('Bearer ')) {
        return send(401, { error: { message: 'Missing API key', type: 'invalid_request_error' } });
      }
      if (request.method === 'GET' && request.url === '/v1/models') {
        return send(200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] });
      }
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        return send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      }
      let messages: ChatMessage[];
      try {
        messages = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: ChatMessage[] })
          .messages;
      } catch {
        return send(400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
      }
      received.push(messages);
      const last = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
      return send(200, {
        id: `chatcmpl-${received.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'gpt-4o-mini',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify(answer(last)) },
            finish_reason: 'stop',
          },
        ],
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: FAKE_OPENAI_URL,
    answerWith: (next) => {
      answer = next;
    },
    completions: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
