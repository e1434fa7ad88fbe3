import { createHmac } from 'node:crypto';
import { type FakeServer, type ReceivedRequest, startFakeServer } from './fake-server';

export type FakeTwilio = FakeServer & {
  /** Files served at /2010-04-01/Accounts/{sid}/Messages/{MM}/Media/{ME} (basic auth), by that path. */
  media: Map<string, { content: Buffer; mimeType: string }>;
  /** The form of every POST to Messages.json. */
  sends: () => URLSearchParams[];
};

/** The parameters of a form-encoded request the fake received. */
export const formOf = (request: ReceivedRequest): URLSearchParams =>
  new URLSearchParams(request.raw.toString('utf8'));

/**
 * How Twilio signs a delivery (written here apart from the server's own code, so a mistake there shows):
 * the URL, then each parameter sorted by name as name followed by value, HMAC-SHA1 with the auth token.
 */
export const signTwilio = (authToken: string, url: string, params: Record<string, string>): string => {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((name) => `${name}${params[name]}`)
      .join('');
  return createHmac('sha1', authToken).update(data).digest('base64');
};

const twilioError = (status: number, code: number, message: string) => ({
  status,
  json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/**
 * Twilio's REST API for one account: GET Accounts/{sid}.json, POST Accounts/{sid}/Messages.json (form
 * To/From/Body/MediaUrl/StatusCallback, answered 201 with a new SM sid) and the media of inbound messages.
 * Every call needs HTTP basic auth `sid:token`, else 401 with code 20003 as Twilio answers. On a free port,
 * or the one given for a browser test whose server must know it beforehand.
 */
export const startFakeTwilio = async (
  accountSid: string,
  authToken: string,
  port = 0,
): Promise<FakeTwilio> => {
  const media = new Map<string, { content: Buffer; mimeType: string }>();
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const accountPath = `/2010-04-01/Accounts/${accountSid}`;
  let counter = 0;
  const server = await startFakeServer((request) => {
    if (request.headers.authorization !== expected) return twilioError(401, 20003, 'Authenticate');
    if (request.method === 'GET' && request.path === `${accountPath}.json`) {
      return { json: { sid: accountSid, friendly_name: 'Fake account', status: 'active', type: 'Full' } };
    }
    if (request.method === 'POST' && request.path === `${accountPath}/Messages.json`) {
      const form = formOf(request);
      const to = form.get('To') ?? '';
      if (!/^whatsapp:\+\d{8,15}$/.test(to)) {
        return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
      }
      if (!form.get('Body') && !form.get('MediaUrl')) {
        return twilioError(400, 21619, 'A text message body or media urls must be specified.');
      }
      counter += 1;
      const sid = `SM${String(counter).padStart(32, '0')}`;
      return {
        status: 201,
        json: {
          sid,
          account_sid: accountSid,
          to,
          from: form.get('From'),
          body: form.get('Body') ?? '',
          status: 'queued',
        },
      };
    }
    const file = request.method === 'GET' ? media.get(request.path) : undefined;
    if (file) return { body: file.content, headers: { 'content-type': file.mimeType } };
    return twilioError(404, 20404, 'The requested resource was not found');
  }, port);
  return {
    ...server,
    media,
    sends: () =>
      server
        .received((request) => request.method === 'POST' && request.path === `${accountPath}/Messages.json`)
        .map(formOf),
  };
};
