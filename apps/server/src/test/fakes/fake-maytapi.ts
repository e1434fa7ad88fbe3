import { crc32, deflateSync } from 'node:zlib';
import { type FakeServer, startFakeServer } from './fake-server';

/** The phone's state as the gateway's /status names it. */
export type MaytapiState = 'PAIRING' | 'CONNECTED' | 'UNPAIRED' | 'BANNED';

export type FakeMaytapi = FakeServer & {
  productId: string;
  phoneId: string;
  apiKey: string;
  /** The phone's state now; a test moves it (PAIRING → CONNECTED → BANNED). */
  state: MaytapiState;
  setState: (state: MaytapiState) => void;
  /** The QR the gateway shows now (a real PNG, different after each renewQr). */
  qr: () => Buffer;
  renewQr: () => Buffer;
  /** Files the gateway serves for inbound messages, at `${url}/media/{name}`. */
  media: Map<string, Buffer>;
  /** The last webhook URL registered through setWebhook (the secret in its query), '' before. */
  webhook: () => string;
  /** The bodies of every sendMessage the gateway received. */
  sent: () => Record<string, unknown>[];
  /**
   * Posts an event to the app the way the gateway does: to the registered webhook's path and query (or
   * `webhook`'s, one registered earlier) on the app's real address (`appUrl`); `secret` replaces the
   * registered one (a forgery), null leaves it out. product_id and phone_id are added unless given.
   * Answers the app's HTTP status.
   */
  post: (
    appUrl: string,
    event: Record<string, unknown>,
    options?: { secret?: string | null; webhook?: string },
  ) => Promise<number>;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A 25×25 black-and-white PNG whose modules are drawn from `seed`: a real image, unique per seed. */
export const qrLikePng = (seed: number): Buffer => {
  const size = 25;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows: Buffer[] = [];
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(size + 1); // filter byte 0, then one byte per pixel
    for (let x = 0; x < size; x += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      row[x + 1] = state & 1 ? 0 : 255;
    }
    rows.push(row);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/**
 * The Maytapi gateway as its documentation describes it, for one product and one phone: POST
 * /{product}/setWebhook, GET /{product}/{phone}/status and /qrCode, POST /{product}/{phone}/sendMessage,
 * every call with the x-maytapi-key header (401 otherwise), and the files of inbound messages at /media/.
 */
export const startFakeMaytapi = async (
  credentials: { productId: string; phoneId: string; apiKey: string },
  port = 0,
): Promise<FakeMaytapi> => {
  const { productId, phoneId, apiKey } = credentials;
  const media = new Map<string, Buffer>();
  let qrSeed = 1;
  let webhook = '';
  let counter = 0;
  const fake = { state: 'PAIRING' as MaytapiState };

  const server = await startFakeServer((request) => {
    const file = request.path.match(/^\/media\/(.+)$/);
    if (file) {
      const content = media.get(decodeURIComponent(file[1] ?? ''));
      return content ? { body: content } : { status: 404, json: { success: false, message: 'Not found' } };
    }
    const [, product, ...rest] = request.path.split('/');
    if (product !== productId || request.headers['x-maytapi-key'] !== apiKey) {
      return { status: 401, json: { success: false, message: 'Invalid product id or token' } };
    }
    if (rest.length === 1 && rest[0] === 'setWebhook' && request.method === 'POST') {
      webhook = String(request.json.webhook ?? '');
      return { json: { success: true } };
    }
    if (rest.length !== 2 || rest[0] !== phoneId) {
      return { status: 400, json: { success: false, message: 'Phone not found' } };
    }
    switch (rest[1]) {
      case 'status':
        return {
          json: {
            success: true,
            status: {
              loggedIn: fake.state === 'CONNECTED',
              isQr: fake.state === 'PAIRING',
              state: { state: fake.state, canSend: fake.state === 'CONNECTED' },
            },
            number: fake.state === 'CONNECTED' ? '56911112222' : '',
          },
        };
      case 'qrCode':
        return fake.state === 'PAIRING'
          ? { body: qrLikePng(qrSeed), headers: { 'content-type': 'image/png' } }
          : { status: 400, json: { success: false, message: 'The phone is not waiting for a QR scan' } };
      case 'sendMessage': {
        if (fake.state === 'BANNED') return { json: { success: false, message: 'The phone is banned' } };
        if (fake.state !== 'CONNECTED')
          return { json: { success: false, message: 'The phone is not connected' } };
        counter += 1;
        const to = String(request.json.to_number ?? '');
        return {
          json: {
            success: true,
            data: {
              chatId: `${to}@c.us`,
              msgId: `true_${to}@c.us_3EB0${counter.toString(16).padStart(8, '0')}`,
            },
          },
        };
      }
      default:
        return { status: 404, json: { success: false, message: 'Unknown endpoint' } };
    }
  }, port);

  return Object.assign(fake, server, {
    productId,
    phoneId,
    apiKey,
    setState: (state: MaytapiState) => {
      fake.state = state;
    },
    qr: () => qrLikePng(qrSeed),
    renewQr: () => {
      qrSeed += 1;
      return qrLikePng(qrSeed);
    },
    media,
    webhook: () => webhook,
    sent: () =>
      server.received((request) => request.path.endsWith('/sendMessage')).map((request) => request.json),
    post: async (
      appUrl: string,
      event: Record<string, unknown>,
      options: { secret?: string | null; webhook?: string } = {},
    ) => {
      const registered = options.webhook ?? webhook;
      if (!registered) throw new Error('no webhook registered with the fake gateway');
      const target = new URL(registered);
      if (options.secret === null) target.searchParams.delete('secret');
      else if (options.secret !== undefined) target.searchParams.set('secret', options.secret);
      const response = await fetch(`${appUrl}${target.pathname}${target.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: productId, phone_id: phoneId, ...event }),
      });
      await response.arrayBuffer();
      return response.status;
    },
  });
};
