import type { Contact, Device, Message } from '@conversa/domain';
import type { FastifyInstance } from 'fastify';
import { call } from './test-app';

export type SandboxDevice = Device & { secret: string };

/** Creates a sandbox device through the API and answers it with its webhook secret. */
export const createSandboxDevice = async (
  app: FastifyInstance,
  token: string,
  name = `Sandbox ${Math.random().toString(36).slice(2, 7)}`,
): Promise<SandboxDevice> => {
  const answer = await call<Device>(app, 'POST', '/api/v1/en/device/create', {
    token,
    body: { name, color: '#123456', setting: { conect: { type: 'sandbox' } } },
  });
  const device = answer.body.data[0];
  if (answer.status !== 200 || !device)
    throw new Error(`device create failed: ${JSON.stringify(answer.body)}`);
  return { ...device, secret: String(device.setting.conect.config.secret) };
};

export type Inbound = {
  phone: string;
  name?: string;
  id?: string;
  type?: string;
  body?: string;
  /** A button press's button id (type 'button'). */
  payload?: string;
};

/** The simulated customer writes through the sandbox webhook. */
export const deliver = (
  app: FastifyInstance,
  device: SandboxDevice,
  inbound: Inbound,
  secret = device.secret,
) =>
  call(app, 'POST', `/webhooks/sandbox/${device.id}`, {
    headers: { 'x-sandbox-secret': secret },
    body: {
      from: { phone: inbound.phone, name: inbound.name ?? 'Test Customer' },
      message: {
        id: inbound.id ?? `ext-${Math.random().toString(36).slice(2)}`,
        type: inbound.type ?? 'chat',
        body: inbound.body ?? 'Hola',
        ...(inbound.payload === undefined ? {} : { payload: inbound.payload }),
      },
    },
  });

/** What the simulated customer's phone received. */
export const outbox = async (
  app: FastifyInstance,
  device: SandboxDevice,
  phone: string,
): Promise<Message[]> => {
  const answer = await call<Message>(app, 'GET', `/webhooks/sandbox/${device.id}/outbox?phone=${phone}`, {
    headers: { 'x-sandbox-secret': device.secret },
  });
  return answer.body.data;
};

export const contactByPhone = async (
  app: FastifyInstance,
  token: string,
  phone: string,
): Promise<Contact> => {
  const answer = await call<Contact>(app, 'POST', '/api/v1/en/contact/search', {
    token,
    body: { filters: [{ key: 'info.phone', condition: 'equalto', value: phone }] },
  });
  const contact = answer.body.data[0];
  if (!contact) throw new Error(`no contact with phone ${phone}`);
  return contact;
};

let phoneCounter = 0;
/** A valid Chilean mobile number not used by the seed. */
export const newPhone = (): string => {
  phoneCounter += 1;
  return `5697${String(Date.now() % 10000).padStart(4, '0')}${String(phoneCounter).padStart(3, '0')}`;
};

/** A multipart body with form fields and one file, as a browser sends it. */
export const multipartBody = (
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string },
) => {
  const boundary = `----conversa${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="attachment"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

/** The smallest valid PNG (1x1), enough for content-type detection. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
