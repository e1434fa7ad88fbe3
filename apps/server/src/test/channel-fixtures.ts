import { createHmac } from 'node:crypto';
import type { Device, Message } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contacts, messages } from '../core/db/schema';
import { multipartBody } from './messaging-fixtures';
import { call, type Session } from './test-app';

/** Serves the app on a real port, so providers' deliveries travel as real HTTP. */
export const listen = async (app: FastifyInstance): Promise<string> =>
  app.listen({ port: 0, host: '127.0.0.1' });

/** The header Meta signs deliveries with. */
export const metaSignature = (raw: string, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(raw, 'utf8').digest('hex')}`;

/** A provider delivery: the exact text is what gets signed, so it is sent as given. */
export const postWebhook = async (
  baseUrl: string,
  path: string,
  raw: string,
  headers: Record<string, string> = {},
): Promise<number> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  });
  await response.arrayBuffer();
  return response.status;
};

export const createDevice = async (
  app: FastifyInstance,
  session: Session,
  type: Device['setting']['conect']['type'],
  config: Record<string, string>,
  name = `${type} ${Math.random().toString(36).slice(2, 7)}`,
) => {
  const answer = await call<Device>(app, 'POST', '/api/v1/en/device/create', {
    token: session.token,
    body: { name, setting: { conect: { type, config } } },
  });
  const device = answer.body.data[0];
  if (answer.status !== 200 || !device)
    throw new Error(`device create failed: ${JSON.stringify(answer.body)}`);
  return device;
};

export const storedMessages = (app: FastifyInstance, deviceId: string) =>
  app.database.db.select().from(messages).where(eq(messages.device_id, deviceId));

export const storedMessage = async (app: FastifyInstance, deviceId: string, providerId: string) =>
  (
    await app.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.device_id, deviceId), eq(messages.message_id, providerId)))
  )[0];

export const storedMessageById = async (app: FastifyInstance, id: string) =>
  (await app.database.db.select().from(messages).where(eq(messages.id, id)))[0];

export const contactsWithPhone = (app: FastifyInstance, phone: string) =>
  app.database.db.select().from(contacts).where(eq(contacts.phone, phone));

/** Takes the conversation with the contact of that phone (key), so the session may write to it. */
export const takeConversation = async (app: FastifyInstance, session: Session, phone: string) => {
  const [contact] = await contactsWithPhone(app, phone);
  if (!contact) throw new Error(`no contact ${phone}`);
  await call(app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: session.token });
  return contact;
};

export const sendText = async (
  app: FastifyInstance,
  session: Session,
  body: Record<string, unknown>,
): Promise<Message> => {
  const answer = await call<Message>(app, 'POST', '/api/v1/en/message/create', {
    token: session.token,
    body,
  });
  const message = answer.body.data[0];
  if (answer.status !== 200 || !message) throw new Error(`send failed: ${JSON.stringify(answer.body)}`);
  return message;
};

export const sendFile = async (
  app: FastifyInstance,
  session: Session,
  fields: Record<string, string>,
  file: { name: string; content: Buffer; type: string },
): Promise<Message> => {
  const form = multipartBody(fields, file);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/en/message/create',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': form.contentType },
    payload: form.payload,
  });
  const message = (response.json() as { data: Message[] }).data[0];
  if (response.statusCode !== 200 || !message) throw new Error(`send failed: ${response.body}`);
  return message;
};

/** Small files that content detection recognises: an MP4 and an Ogg Opus header, a PDF. */
export const TINY_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);
export const TINY_OGG = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.from([0, 2]),
  Buffer.alloc(22),
  Buffer.from([1, 19]),
  Buffer.from('OpusHead'),
  Buffer.alloc(64),
]);
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF');
