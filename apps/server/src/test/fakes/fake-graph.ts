import { type FakeServer, startFakeServer } from './fake-server';

/** A stored file the fake serves: WhatsApp media by id (token needed) or a Meta CDN path (no token). */
export type FakeMedia = { content: Buffer; mimeType: string };

export type FakeGraph = FakeServer & {
  /** GRAPH_API_URL to configure: the fake answers under a version prefix like the real one. */
  apiUrl: string;
  media: Map<string, FakeMedia>;
  /** The message templates of a WhatsApp Business account, served in pages of two. */
  templates: Map<string, Record<string, unknown>[]>;
  sends: (accountId: string) => Record<string, unknown>[];
};

const graphError = (status: number, code: number, message: string) => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf' } },
});

/**
 * Meta's Graph API as WhatsApp Cloud API, Messenger and Instagram use it: bearer tokens, GET /{id},
 * POST /{id}/messages (WhatsApp or Send API body by shape), GET /{media-id} → url, the media download,
 * GET /{waba-id}/message_templates with cursor paging, POST there to submit one, POST /{template-id} to
 * edit one and DELETE ?name=&hsm_id= to delete one. Only `token` is accepted. `idPrefix` keeps the message ids of two fakes on one database apart.
 */
export const startFakeGraph = async (token: string, idPrefix = ''): Promise<FakeGraph> => {
  const media = new Map<string, FakeMedia>();
  const templates = new Map<string, Record<string, unknown>[]>();
  let counter = 0;
  /**
   * POST /{waba-id}/message_templates: stored PENDING with a new id, as Meta answers a submission; a name
   * and language already there, or a body without text, are refused with Meta's user message.
   */
  const createTemplate = (accountId: string, body: Record<string, unknown>) => {
    const all = templates.get(accountId) ?? [];
    const components = Array.isArray(body.components) ? (body.components as Record<string, unknown>[]) : [];
    if (!components.some((component) => component.type === 'BODY' && typeof component.text === 'string')) {
      return graphError(400, 100, 'Invalid parameter');
    }
    if (all.some((template) => template.name === body.name && template.language === body.language)) {
      return {
        status: 400,
        json: {
          error: {
            message: 'Invalid parameter',
            type: 'OAuthException',
            code: 100,
            error_subcode: 2388023,
            error_user_msg: `Content in this language already exists for ${String(body.name)}`,
          },
        },
      };
    }
    counter += 1;
    const id = `9${String(counter).padStart(14, '0')}`;
    templates.set(accountId, [...all, { ...body, id, status: 'PENDING' }]);
    return { json: { id, status: 'PENDING', category: body.category } };
  };
  /**
   * POST /{template-id}: Meta's edit. Only an approved, rejected or paused template, never an approved
   * one's category; the new content goes back to review (PENDING).
   */
  const editTemplate = (templateId: string, body: Record<string, unknown>) => {
    for (const [accountId, all] of templates) {
      const template = all.find((candidate) => candidate.id === templateId);
      if (!template) continue;
      if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(String(template.status))) {
        return graphError(400, 100, 'Template status does not allow edits');
      }
      if (body.category !== undefined && template.status === 'APPROVED') {
        return graphError(400, 100, 'The category of an approved template cannot be edited');
      }
      const edited = { ...template, ...body, status: 'PENDING' };
      templates.set(
        accountId,
        all.map((candidate) => (candidate === template ? edited : candidate)),
      );
      return { json: { success: true } };
    }
    return graphError(404, 100, 'Unsupported post request');
  };
  const server = await startFakeServer((request, baseUrl) => {
    const apiUrl = `${baseUrl}/v23.0`;
    if (request.path.startsWith('/cdn/')) {
      const file = media.get(request.path);
      return file ? { body: file.content, headers: { 'content-type': file.mimeType } } : { status: 404 };
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (request.path.startsWith('/media-download/')) {
      const file = media.get(request.path.slice('/media-download/'.length));
      return file ? { body: file.content, headers: { 'content-type': file.mimeType } } : { status: 404 };
    }
    const parts = request.path.replace(/^\/v23\.0\//, '').split('/');
    const [id = '', edge] = parts;
    if (request.method === 'GET' && edge === 'message_templates') {
      const all = templates.get(id) ?? [];
      const after = Number(request.query.get('after') ?? 0);
      const page = all.slice(after, after + 2);
      const next =
        after + 2 < all.length ? `${apiUrl}/${id}/message_templates?after=${after + 2}` : undefined;
      return {
        json: { data: page, paging: { cursors: { before: 'b', after: 'a' }, ...(next ? { next } : {}) } },
      };
    }
    if (request.method === 'POST' && edge === 'message_templates') {
      return createTemplate(id, request.json);
    }
    if (request.method === 'DELETE' && edge === 'message_templates') {
      const name = request.query.get('name') ?? '';
      const hsmId = request.query.get('hsm_id');
      const all = templates.get(id) ?? [];
      const kept = all.filter(
        (template) => template.name !== name || (hsmId !== null && template.id !== hsmId),
      );
      if (kept.length === all.length) return graphError(404, 100, `Message template "${name}" not found`);
      templates.set(id, kept);
      return { json: { success: true } };
    }
    if (request.method === 'POST' && edge === undefined) {
      return editTemplate(id, request.json);
    }
    if (request.method === 'GET' && edge === undefined) {
      const file = media.get(id);
      if (file) {
        return {
          json: {
            messaging_product: 'whatsapp',
            url: `${baseUrl}/media-download/${id}`,
            mime_type: file.mimeType,
            sha256: 'hash',
            file_size: file.content.length,
            id,
          },
        };
      }
      return { json: { id, display_phone_number: '+1 555 0100', verified_name: 'Conversa Test' } };
    }
    if (request.method === 'POST' && edge === 'messages') {
      counter += 1;
      if (request.json.messaging_product === 'whatsapp') {
        const to = String(request.json.to);
        return {
          json: {
            messaging_product: 'whatsapp',
            contacts: [{ input: to, wa_id: to }],
            messages: [{ id: `wamid.FAKE${idPrefix}${counter}` }],
          },
        };
      }
      const recipient = request.json.recipient as { id?: string } | undefined;
      return { json: { recipient_id: recipient?.id ?? '', message_id: `m_FAKE${idPrefix}${counter}` } };
    }
    return graphError(400, 100, 'Unsupported request');
  });
  return {
    ...server,
    apiUrl: `${server.url}/v23.0`,
    media,
    templates,
    sends: (accountId) =>
      server
        .received((request) => request.method === 'POST' && request.path === `/v23.0/${accountId}/messages`)
        .map((request) => request.json),
  };
};
