import { type FakeServer, startFakeServer } from './fake-server';

export type FakeTelegram = FakeServer & {
  files: Map<string, { path: string; content: Buffer }>;
  calls: (method: string) => Record<string, unknown>[];
};

/**
 * The Telegram Bot API: POST /bot<token>/<method> answering { ok, result } or
 * { ok: false, error_code, description, parameters }, getFile and GET /file/bot<token>/<file_path>.
 */
export const startFakeTelegram = async (token: string): Promise<FakeTelegram> => {
  const files = new Map<string, { path: string; content: Buffer }>();
  let counter = 100;
  const server = await startFakeServer((request) => {
    const download = request.path.match(/^\/file\/bot([^/]+)\/(.+)$/);
    if (download) {
      const file = [...files.values()].find((entry) => entry.path === download[2]);
      return download[1] === token && file ? { body: file.content } : { status: 404 };
    }
    const call = request.path.match(/^\/bot([^/]+)\/(\w+)$/);
    if (!call || call[1] !== token) {
      return { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } };
    }
    const method = call[2];
    switch (method) {
      case 'getMe':
        return {
          json: {
            ok: true,
            result: { id: 42, is_bot: true, first_name: 'Conversa', username: 'conversa_bot' },
          },
        };
      case 'setWebhook':
        return { json: { ok: true, result: true, description: 'Webhook was set' } };
      case 'deleteWebhook':
        return { json: { ok: true, result: true, description: 'Webhook was deleted' } };
      case 'getFile': {
        const file = files.get(String(request.json.file_id));
        return file
          ? {
              json: {
                ok: true,
                result: { file_id: request.json.file_id, file_unique_id: 'u', file_path: file.path },
              },
            }
          : {
              status: 400,
              json: { ok: false, error_code: 400, description: 'Bad Request: invalid file_id' },
            };
      }
      default: {
        if (!method?.startsWith('send')) {
          return { status: 404, json: { ok: false, error_code: 404, description: 'Not Found' } };
        }
        counter += 1;
        const chatId = Number(request.json.chat_id);
        return {
          json: {
            ok: true,
            result: {
              message_id: counter,
              date: Math.floor(Date.now() / 1000),
              chat: { id: chatId, type: 'private' },
            },
          },
        };
      }
    }
  });
  return {
    ...server,
    files,
    calls: (method) =>
      server.received((request) => request.path === `/bot${token}/${method}`).map((request) => request.json),
  };
};
