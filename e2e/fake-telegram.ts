import { createServer, type Server } from 'node:http';

/** Fixed, so the server under test can be pointed at it (playwright.config.ts) before the test starts it. */
export const FAKE_TELEGRAM_PORT = Number(process.env.E2E_TELEGRAM_PORT ?? 8093);
export const FAKE_TELEGRAM_URL = `http://127.0.0.1:${FAKE_TELEGRAM_PORT}`;

/** One Bot API call as the fake received it: the bot's token, the method and its JSON parameters. */
export type TelegramCall = { token: string; method: string; params: Record<string, unknown> };

export type FakeTelegram = {
  url: string;
  calls: (token: string, method: string) => Record<string, unknown>[];
  close: () => Promise<void>;
};

/**
 * A Telegram Bot API stand-in on a fixed port. It speaks the documented shapes the server uses:
 * POST /bot<token>/<method> answering { ok, result }: getMe, setWebhook and deleteWebhook (their url and
 * secret_token recorded), sendMessage and the other send methods (recorded). apps/server's own fake
 * listens on a random port, which the server's environment cannot know in advance.
 */
export const startFakeTelegram = async (port = FAKE_TELEGRAM_PORT): Promise<FakeTelegram> => {
  const received: TelegramCall[] = [];
  let messageId = 100;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const call = (request.url ?? '').match(/^\/bot([^/]+)\/(\w+)/);
      if (!call?.[1] || !call[2])
        return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = call;
      let params: Record<string, unknown> = {};
      try {
        params = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return answer(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      received.push({ token, method, params });
      switch (method) {
        case 'getMe':
          return answer(200, {
            ok: true,
            result: { id: 42, is_bot: true, first_name: 'Conversa E2E', username: 'conversa_e2e_bot' },
          });
        case 'setWebhook':
          return answer(200, { ok: true, result: true, description: 'Webhook was set' });
        case 'deleteWebhook':
          return answer(200, { ok: true, result: true, description: 'Webhook was deleted' });
        default:
          if (!method.startsWith('send')) {
            return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
          }
          messageId += 1;
          return answer(200, {
            ok: true,
            result: {
              message_id: messageId,
              date: Math.floor(Date.now() / 1000),
              chat: { id: Number(params.chat_id), type: 'private' },
              text: params.text,
            },
          });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    calls: (token, method) =>
      received.filter((call) => call.token === token && call.method === method).map((call) => call.params),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
