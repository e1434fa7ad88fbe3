import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

export type JsonAnswer = { status: number; body: { data?: unknown[]; pagination?: { total: number } } };

/** One JSON POST on a kept-alive connection (node:http, so the client adds little to what it measures). */
export const postJson = (url: string, body: unknown, token?: string): Promise<JsonAnswer> =>
  new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const target = new URL(url);
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
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

export const closeHttp = () => agent.destroy();
