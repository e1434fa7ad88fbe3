import { type FakeServer, startFakeServer } from './fake-server';

/** A file an inbound message refers to, by its media id. */
export type Fake360Media = { content: Buffer; mimeType: string };

export type Fake360dialog = FakeServer & {
  media: Map<string, Fake360Media>;
  /** The templates of the number's WhatsApp Business account, as 360dialog lists them. */
  templates: Record<string, unknown>[];
  /** The headers 360dialog sends with every delivery, by the webhook URL they were registered with. */
  webhooks: Map<string, Record<string, string>>;
  /** The Cloud API bodies posted to /messages. */
  sends: () => Record<string, unknown>[];
};

/** 360dialog's answer to an unknown key. */
const unauthorized = {
  status: 401,
  json: { meta: { success: false, http_code: 401, developer_message: 'Invalid api key' } },
};

/**
 * 360dialog's WhatsApp API (waba-v2) for one API key: POST /v1/configs/webhook, POST /messages (the Cloud
 * API body), GET /{media-id} answering a lookaside.fbsbx.com URL whose path it serves itself, GET and POST
 * /v1/configs/templates. Every call needs `D360-API-KEY: <key>`.
 */
export const startFake360dialog = async (key: string): Promise<Fake360dialog> => {
  const media = new Map<string, Fake360Media>();
  const templates: Record<string, unknown>[] = [];
  const webhooks = new Map<string, Record<string, string>>();
  let counter = 0;
  const server = await startFakeServer((request) => {
    if (request.headers['d360-api-key'] !== key) return unauthorized;
    const { method, path, json } = request;
    if (method === 'POST' && path === '/v1/configs/webhook') {
      if (typeof json.url !== 'string') return { status: 400, json: { meta: { success: false } } };
      webhooks.set(json.url, (json.headers ?? {}) as Record<string, string>);
      return { json: { url: json.url } };
    }
    if (method === 'POST' && path === '/messages') {
      if (json.messaging_product !== 'whatsapp' || typeof json.to !== 'string') {
        return {
          status: 400,
          json: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } },
        };
      }
      counter += 1;
      return {
        json: {
          messaging_product: 'whatsapp',
          contacts: [{ input: json.to, wa_id: json.to }],
          messages: [{ id: `wamid.D360${counter}` }],
        },
      };
    }
    if (method === 'GET' && path === '/v1/configs/templates') {
      const limit = Number(request.query.get('limit') ?? 1000);
      const offset = Number(request.query.get('offset') ?? 0);
      const page = templates.slice(offset, offset + limit);
      return {
        json: {
          count: page.length,
          filters: {},
          limit,
          offset,
          sort: ['id'],
          total: templates.length,
          waba_templates: page,
        },
      };
    }
    if (method === 'POST' && path === '/v1/configs/templates') {
      counter += 1;
      const stored = {
        ...json,
        id: `d360-template-${counter}`,
        namespace: 'c8ae5f90_307a_ca4c_b8f6_d1e2a2573574',
        rejected_reason: 'NONE',
        status: 'submitted',
      };
      templates.push(stored);
      return { status: 201, json: stored };
    }
    if (method === 'GET' && path === '/whatsapp_business/attachments/') {
      const file = media.get(request.query.get('mid') ?? '');
      return file ? { body: file.content, headers: { 'content-type': file.mimeType } } : { status: 404 };
    }
    const file = method === 'GET' ? media.get(decodeURIComponent(path.slice(1))) : undefined;
    if (file) {
      const id = decodeURIComponent(path.slice(1));
      return {
        json: {
          messaging_product: 'whatsapp',
          // As Meta gives it: the client replaces the origin with 360dialog's.
          url: `https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=${encodeURIComponent(id)}&ext=1700000000&hash=ATtest`,
          mime_type: file.mimeType,
          sha256: 'hash',
          file_size: file.content.length,
          id,
        },
      };
    }
    return {
      status: 404,
      json: { meta: { success: false, http_code: 404, developer_message: 'Not found' } },
    };
  });
  return {
    ...server,
    media,
    templates,
    webhooks,
    sends: () =>
      server
        .received((request) => request.method === 'POST' && request.path === '/messages')
        .map((request) => request.json),
  };
};
