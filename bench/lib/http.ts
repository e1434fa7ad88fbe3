import { Agent, type OutgoingHttpHeaders, type RequestOptions, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

export type JsonAnswer = { status: number; body: { data?: unknown[]; pagination?: { total: number } } };

/** The API's language segment: the scheduling phase speaks Spanish, as its clinics do. */
export type Locale = 'en' | 'es';

/** node:http's options for a JSON POST of `length` bytes to `path` on `origin`; the caller picks the agent. */
export const jsonPostOptions = (
  origin: URL,
  path: string,
  length: number,
  headers: OutgoingHttpHeaders = {},
): RequestOptions => ({
  host: origin.hostname,
  port: origin.port,
  path,
  method: 'POST',
  headers: { 'content-type': 'application/json', 'content-length': length, ...headers },
});

/** One JSON POST on a kept-alive connection (node:http, so the client adds little to what it measures). */
export const postJson = (url: string, body: unknown, token?: string): Promise<JsonAnswer> =>
  new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const target = new URL(url);
    const req = request(
      {
        agent,
        ...jsonPostOptions(
          target,
          target.pathname,
          Buffer.byteLength(text),
          token ? { authorization: `Bearer ${token}` } : {},
        ),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });

/** The rows an API route answers a POST with; any other status than 200 stops the phase, with the answer. */
export const postApi = async <T>(
  serverUrl: string,
  locale: Locale,
  path: string,
  token: string,
  body: unknown = {},
): Promise<T[]> => {
  const answer = await postJson(`${serverUrl}/api/v1/${locale}/${path}`, body, token);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body.data ?? []) as T[];
};

/**
 * The one record a `…/search/{id}` route answers. Through fetch, as the phases that poll a background
 * run have always read it, so their timings stay comparable with earlier runs.
 */
export const searchOne = async <T>(serverUrl: string, locale: Locale, path: string, token: string) => {
  const answer = await fetch(`${serverUrl}/api/v1/${locale}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  const found = ((await answer.json()) as { data: T[] }).data[0];
  if (!found) throw new Error(`${path}: not found`);
  return found;
};

export const closeHttp = () => agent.destroy();
